import { expect, type Page } from '@playwright/test'
import { DEMO_PASSWORD } from './server'
import { origin } from './test'

export const ADMIN = { username: 'admin', password: DEMO_PASSWORD }

let counter = 0
export function uniqueName(prefix: string): string {
  counter += 1
  return `${prefix}${Date.now().toString(36)}${counter}`
}

/** Signs in through the form, as a person would. */
export async function login(page: Page, username: string, password: string) {
  await page.goto('/auth')
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  // home, or the page a protected route sent the visitor from (it returns there after sign-in)
  await expect(page).not.toHaveURL(/\/auth/)
  await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible()
}

/**
 * Signs in through the API (the session cookie lands in the page's browser context), for journeys
 * that are not about the sign-in form (`login` drives that). The page stays where it is: a full
 * load of /auth and then of /home less than `login`.
 */
export async function signIn(page: Page, username: string, password: string) {
  const response = await page.request.post('/api/login', { data: { username, password }, headers: { Origin: origin() } })
  expect(response.status(), await response.text()).toBe(200)
}

/** Creates a member through the API (same browser context, so the session cookie is set). */
export async function registerMember(page: Page, displayName = 'Test Member') {
  const username = uniqueName('m')
  const password = 'member-pass-1'
  const response = await page.request.post('/api/register', {
    data: { displayName, username, password },
    headers: { Origin: origin() },
  })
  expect(response.status(), await response.text()).toBe(201)
  return { username, password, displayName }
}

export async function expectToast(page: Page, title: string) {
  await expect(page.getByTestId('toast').filter({ hasText: title })).toBeVisible()
}

/**
 * Posts a Sponsorship Request through the API as the page's signed-in member (the administrator
 * needs no plan) and answers its id; `fields` override the defaults.
 */
export async function postRequest(page: Page, title: string, fields: Record<string, unknown> = {}): Promise<string> {
  const data = {
    title,
    description: 'Kits for a school club.',
    requestedAmount: 600,
    location: 'Pune, India',
    categories: ['Education'],
    eventDate: '',
    ...fields,
  }
  const response = await page.request.post('/api/sponsorship-requests', { data, headers: { Origin: origin() } })
  expect(response.status(), await response.text()).toBe(201)
  return ((await response.json()) as { id: string }).id
}

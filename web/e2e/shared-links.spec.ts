import { type Browser, type Page } from '@playwright/test'
import { expect, origin, test } from './test'
import { ADMIN, expectToast, postRequest, signIn, uniqueName } from './helpers'

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage()
}

/** A request posted by the administrator: what a member would share. */
async function sharedListing(browser: Browser) {
  const poster = await newPage(browser)
  await signIn(poster, ADMIN.username, ADMIN.password)
  const title = uniqueName('Shared robotics kit ')
  const id = await postRequest(poster, title)
  // approved: only an approved listing has a preview (docs/security.md, "Link previews")
  const approved = await poster.request.post(`/api/admin/listings/sponsorship-requests/${id}/approve`, { headers: { Origin: origin() } })
  expect(approved.status(), await approved.text()).toBe(200)
  await poster.context().close()
  return { title, path: `/listings/requests/${id}` }
}

async function fillRegistration(page: Page) {
  await page.getByLabel('Display Name').fill('Newcomer Nia')
  await page.getByLabel('Username').fill(uniqueName('nia'))
  await page.getByLabel('Password', { exact: true }).fill('newcomer-pass-1')
  await page.getByLabel('Confirm Password').fill('newcomer-pass-1')
  await page.getByRole('button', { name: 'Create account' }).click()
  await expectToast(page, 'Registration successful')
}

test.describe('a shared listing link brings a newcomer to the listing', () => {
  test('registering from the link lands on the listing', async ({ browser }) => {
    const listing = await sharedListing(browser)
    const visitor = await newPage(browser)
    await visitor.goto(listing.path)
    await expect(visitor).toHaveURL(/\/auth$/)
    // beside the sign-in, what the link's preview promised
    const shared = visitor.getByRole('region', { name: listing.title })
    await expect(shared).toContainText('The listing you were sent')
    await expect(shared).toContainText('Sponsorship Request · $600 · Pune, India')
    await expect(shared).toContainText('Kits for a school club.')
    await visitor.getByRole('tab', { name: 'Register' }).click()
    await fillRegistration(visitor)
    await expect(visitor).toHaveURL(new RegExp(`${listing.path}$`))
    await expect(visitor.getByRole('heading', { level: 1, name: listing.title })).toBeVisible()
  })

  test('switching tabs back and forth, and reloading, keeps the way back', async ({ browser }) => {
    const listing = await sharedListing(browser)
    const visitor = await newPage(browser)
    await visitor.goto(listing.path)
    await expect(visitor).toHaveURL(/\/auth$/)
    // The links under the forms and the tabs both switch.
    await visitor.getByRole('link', { name: 'Register', exact: true }).click()
    await expect(visitor).toHaveURL(/\/auth\?tab=register$/)
    await visitor.getByRole('link', { name: 'Login', exact: true }).click()
    await visitor.getByRole('tab', { name: 'Register' }).click()
    await visitor.reload()
    await expect(visitor.getByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true')
    await fillRegistration(visitor)
    await expect(visitor).toHaveURL(new RegExp(`${listing.path}$`))
    await expect(visitor.getByRole('heading', { level: 1, name: listing.title })).toBeVisible()
  })
})

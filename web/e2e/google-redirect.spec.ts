import { expect, test } from './test'
import { expectToast } from './helpers'
import { startGoogleStandin } from './google-standin'
import { startSecondServer } from './server'

/**
 * The real redirect flow: a second server instance whose Google endpoints point at a local
 * stand-in (docs/configuration.md), driven through the auth screen like a person would.
 */
const account = { sub: 'g-amara-1', email: 'amara.obi@example.com', name: 'Amara Obi', picture: 'https://example.com/amara.png' }

let standin: Awaited<ReturnType<typeof startGoogleStandin>>
let server: Awaited<ReturnType<typeof startSecondServer>>

test.beforeAll(async () => {
  standin = await startGoogleStandin(account)
  server = await startSecondServer(standin.env)
})
test.afterAll(async () => {
  await server?.stop()
  await standin?.close()
})

test.describe('Google redirect flow (stand-in of Google)', () => {
  test('sign in with Google: account chooser, callback page, /home as the Google member', async ({ page }) => {
    await page.goto(`${server.origin}/auth`)
    await expect(page.getByText('Google sign-in is configured')).toBeVisible()
    await page.getByRole('button', { name: 'Sign in with Google' }).click()

    await expect(page.getByRole('heading', { name: 'Choose an account' })).toBeVisible()
    expect(page.url()).toContain(`${standin.origin}/auth?`)
    await page.getByRole('link', { name: 'Continue as Amara Obi' }).click()

    await expect(page).toHaveURL(/\/__\/auth\/handler\?/)
    await expect(page.getByRole('heading', { name: 'Google sign-in successful' })).toBeVisible()
    await expectToast(page, 'Google sign-in successful')
    await expect(page).toHaveURL(`${server.origin}/home`)
    await expect(page.getByRole('button', { name: /Account menu for Amara Obi/ })).toBeVisible()

    const hints = await page.evaluate(() => ({
      authData: JSON.parse(sessionStorage.getItem('authData') ?? '{}'),
      expected: sessionStorage.getItem('googleRedirectExpected'),
      email: sessionStorage.getItem('googleUserEmail'),
    }))
    expect(hints).toMatchObject({
      authData: { provider: 'google', method: 'identity-provider auth' },
      expected: null,
      email: account.email,
    })
    const me = await page.request.get(`${server.origin}/api/user`)
    expect(await me.json()).toMatchObject({ displayName: 'Amara Obi', email: account.email, providerId: 'google' })
  })

  test('a callback replayed in another browser signs nobody in', async ({ page, browser }) => {
    await page.goto(`${server.origin}/auth`)
    await page.getByRole('button', { name: 'Sign in with Google' }).click()
    await page.getByRole('link', { name: 'Continue as Amara Obi' }).click()
    await expect(page.getByRole('heading', { name: 'Google sign-in successful' })).toBeVisible()
    const callbackUrl = page.url()

    const other = await browser.newContext()
    const stranger = await other.newPage()
    await stranger.goto(callbackUrl)
    await expect(stranger).toHaveURL(`${server.origin}/auth`)
    await expect(stranger.getByText('Authentication failed. Please try again.')).toBeVisible()
    expect((await stranger.request.get(`${server.origin}/api/user`)).status()).toBe(401)
    await other.close()
  })

  test('closing the account chooser comes back to the auth screen with the spec message', async ({ page }) => {
    await page.goto(`${server.origin}/auth?tab=register`)
    await page.getByRole('button', { name: 'Sign up with Google' }).click()
    await page.getByRole('link', { name: 'Cancel' }).click()
    await expect(page).toHaveURL(`${server.origin}/auth`)
    await expect(page.getByText('Sign-in popup was blocked or closed. Please try again and allow the popup.')).toBeVisible()
    expect(await page.evaluate(() => sessionStorage.getItem('googleRedirectExpected'))).toBeNull()
  })

  test('started from a host Google would not return to: unauthorized domain, box open', async ({ page }) => {
    const otherHost = server.origin.replace('127.0.0.1', 'localhost')
    await page.goto(`${otherHost}/auth`)
    await page.getByRole('button', { name: 'Sign in with Google' }).click()
    await expect(page).toHaveURL(`${otherHost}/auth?manual=true`)
    const host = new URL(otherHost).host
    await expect(
      page.getByText(`This domain (${host}) is not authorized in the identity provider. Please use the manual sign-in option below.`),
    ).toBeVisible()
    await expect(page.getByRole('region', { name: 'Google Sign-in Fallback' })).toBeVisible()
  })
})

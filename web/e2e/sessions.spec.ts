import { type BrowserContext } from '@playwright/test'
import { expect, test } from './test'
import { expectToast, login, registerMember, signIn } from './helpers'

const sessionCookie = async (context: BrowserContext) => {
  const cookie = (await context.cookies()).find((c) => c.name === 'sb_session')
  expect(cookie, 'session cookie').toBeTruthy()
  return cookie!
}

test.describe('sessions end on the server', () => {
  test('sign out: a copy of the session cookie stops working', async ({ browser, page, context }) => {
    await registerMember(page, 'Copy Cat') // signs this browser in
    await page.goto('/home')
    const copied = await sessionCookie(context)

    await page.getByRole('button', { name: /Account menu/ }).click()
    await page.getByRole('menuitem', { name: 'Sign out' }).click()
    await expectToast(page, 'Logged out successfully')
    await expect(page).toHaveURL(/\/auth$/)

    // Someone who copied the cookie before the sign-out gets nothing with it.
    const thief = await browser.newContext()
    await thief.addCookies([copied])
    const stolen = await thief.newPage()
    expect((await stolen.request.get('/api/user')).status()).toBe(401)
    await stolen.goto('/home')
    await expect(stolen).toHaveURL(/\/auth$/)
    await thief.close()
  })

  test('sign out everywhere from /settings ends every device, this one included', async ({ browser }) => {
    const laptop = await browser.newContext()
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
    const onLaptop = await laptop.newPage()
    const onPhone = await phone.newPage()
    const member = await registerMember(onLaptop, 'Two Devices') // signs the laptop in
    await signIn(onPhone, member.username, member.password)
    const copied = await sessionCookie(phone)

    // a page open on the laptop, listening (realtime)
    const listening = onLaptop.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/realtime')
    await onLaptop.goto('/messages')
    await listening

    await onPhone.goto('/settings')
    const card = onPhone.getByRole('region', { name: 'Sessions' })
    await expect(card).toContainText('Signing out everywhere ends every session of your account')
    await card.getByRole('button', { name: 'Sign out everywhere' }).click()
    const dialog = onPhone.getByRole('dialog', { name: 'Sign out everywhere?' })
    await expect(dialog).toBeVisible()
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(dialog).toBeHidden()
    expect((await onLaptop.request.get('/api/user')).status(), 'cancel changes nothing').toBe(200)

    await card.getByRole('button', { name: 'Sign out everywhere' }).click()
    await dialog.getByRole('button', { name: 'Sign out everywhere' }).click()
    await expectToast(onPhone, 'Signed out everywhere')
    await expect(onPhone).toHaveURL(/\/auth$/)

    // The laptop's open page goes to the sign-in at once, saying why; a new visit asks to sign in too.
    await expect(onLaptop).toHaveURL(/\/auth$/, { timeout: 2_000 })
    await expect(onLaptop.getByTestId('session-ended')).toHaveText('You were signed out on every device. Sign in again.')
    await onLaptop.goto('/settings')
    await expect(onLaptop).toHaveURL(/\/auth$/)
    // And so is any copy of the phone's cookie.
    const thief = await browser.newContext()
    await thief.addCookies([copied])
    expect((await (await thief.newPage()).request.get('/api/user')).status()).toBe(401)

    // Signing in again works.
    await login(onLaptop, member.username, member.password)
    await thief.close()
    await laptop.close()
    await phone.close()
  })
})

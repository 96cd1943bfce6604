import { expect, test } from './test'
import { startSecondServer } from './server'

/**
 * Production guardrails: a server with no Razorpay keys, no SMTP and neither opt-in (PAYMENTS_SANDBOX,
 * MAIL_DEV_MAILBOX) sells nothing for free and writes no codes to disk: the plans screen says payments
 * are not set up, and the routes answer 503 with the message the screens show.
 */
let server: Awaited<ReturnType<typeof startSecondServer>>

test.beforeAll(async () => {
  server = await startSecondServer({ PAYMENTS_SANDBOX: 'false', MAIL_DEV_MAILBOX: 'false' })
})
test.afterAll(async () => {
  await server?.stop()
})

test('without keys or opt-ins the plans screen says payments are not set up', async ({ page }) => {
  const headers = { Origin: server.origin }
  const registered = await page.request.post(`${server.origin}/api/register`, {
    headers,
    data: { displayName: 'Off Member', username: 'offmember1', password: 'member-pass-1' },
  })
  expect(registered.status(), await registered.text()).toBe(201)

  await page.goto(`${server.origin}/subscription`)
  await expect(page.getByRole('heading', { name: 'Choose a plan' })).toBeVisible()
  await expect(page.getByText('Payments are not set up on this server yet, so plans cannot be bought right now.')).toBeVisible()
  await expect(page.getByText('Test mode — no real money')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Subscribe' }).first()).toBeDisabled()

  const order = await page.request.post(`${server.origin}/api/payments/create-subscription`, { headers, data: { planId: 'monthly' } })
  expect(order.status()).toBe(503)
  expect((await order.json()).message).toContain('Payments are not set up on this server yet')

  const code = await page.request.post(`${server.origin}/api/auth/email-code/request`, {
    headers,
    data: { email: 'someone@example.com', displayName: 'Someone' },
  })
  expect(code.status()).toBe(503)
  expect((await code.json()).message).toContain('E-mail is not set up on this server yet')
})

test('without SMTP or the mailbox opt-in the sign-in code box says e-mail is not set up', async ({ page }) => {
  await page.goto(`${server.origin}/auth?manual=true&email=someone%40example.com`)
  const box = page.getByRole('region', { name: 'Google Sign-in Fallback' })
  await box.getByLabel('Display Name').fill('Someone')
  await box.getByRole('button', { name: 'Continue with Google Account' }).click()
  await expect(page.getByTestId('toast').filter({ hasText: 'E-mail is not set up on this server yet' })).toBeVisible()
  await expect(box.getByText('We sent a code to')).toHaveCount(0)
})

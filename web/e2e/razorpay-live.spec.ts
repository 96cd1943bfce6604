import { type APIRequestContext, type Page } from '@playwright/test'
import { expect, test } from './test'
import { expectToast, uniqueName } from './helpers'
import { checkoutScript, hmacHex, RZP, startRazorpayApi } from './razorpay-standin'
import { startSecondServer } from './server'

/**
 * The LIVE payment path end to end: a second server instance with Razorpay keys whose REST API is a
 * local stand-in, and Razorpay's checkout.js replaced in the browser by a stand-in that signs like
 * Razorpay does, so the server's real order creation, verification and webhook code run.
 */
const CHECKOUT_JS = 'https://checkout.razorpay.com/v1/checkout.js'

let api: Awaited<ReturnType<typeof startRazorpayApi>>
let server: Awaited<ReturnType<typeof startSecondServer>>
let quarterlyPrice = 0

test.beforeAll(async () => {
  api = await startRazorpayApi()
  server = await startSecondServer({ ...api.env, DEMO_MODE: 'true', DEMO_PASSWORD: 'demo-pass-123' })
  const config = await (await fetch(`${server.origin}/api/app-config`)).json()
  expect(config.payments.mode).toBe('live')
  quarterlyPrice = config.plans.find((p: { id: string }) => p.id === 'quarterly').price
  expect(quarterlyPrice).toBeGreaterThan(0)
})
test.afterAll(async () => {
  await server?.stop()
  await api?.close()
})

const isLocal = (url: URL) => url.hostname === '127.0.0.1' || url.protocol === 'data:' || url.protocol === 'blob:'

/** Serves the checkout.js stand-in; any other request that would leave 127.0.0.1 is blocked and fails the test. */
async function isolate(page: Page, signingSecret: string) {
  const checkoutLoads: string[] = []
  const escaped: string[] = []
  page.on('request', (r) => {
    if (!isLocal(new URL(r.url())) && r.url() !== CHECKOUT_JS) escaped.push(r.url())
  })
  await page.route(
    (url) => !isLocal(url) && url.href !== CHECKOUT_JS,
    (route) => route.abort('blockedbyclient'),
  )
  await page.route(CHECKOUT_JS, async (route) => {
    checkoutLoads.push(route.request().url())
    await route.fulfill({ contentType: 'application/javascript', body: checkoutScript(signingSecret) })
  })
  return { checkoutLoads, escaped }
}

async function register(request: APIRequestContext, displayName: string) {
  const response = await request.post(`${server.origin}/api/register`, {
    data: { displayName, username: uniqueName('rz'), password: 'member-pass-1' },
    headers: { Origin: server.origin },
  })
  expect(response.status(), await response.text()).toBe(201)
}

/** A new member on the live server, at the Subscription Required dialog; checkout.js not loaded before. */
async function memberAtPlans(page: Page, name: string, loads: string[]) {
  await register(page.request, name)
  await page.goto(`${server.origin}/home`)
  await expect(page.getByRole('button', { name: new RegExp(`Account menu for ${name}`) })).toBeVisible()
  expect(loads).toEqual([]) // checkout.js only while the plans are on screen
  await page.getByRole('button', { name: 'Create New' }).click()
  const gate = page.getByRole('dialog', { name: 'Subscription Required' })
  await expect(gate.getByTestId('plan-card')).toHaveCount(3)
  await expect(gate.getByText('Test mode — no real money')).toHaveCount(0)
  await expect.poll(() => loads.length).toBe(1)
  return gate
}

async function currentUser(page: Page) {
  return (await page.request.get(`${server.origin}/api/user`)).json()
}

test('live checkout: a new member pays for the 3 Month Plan through Razorpay and posts', async ({ page }) => {
  const { checkoutLoads, escaped } = await isolate(page, RZP.keySecret)
  const ordersBefore = api.orders.length
  const gate = await memberAtPlans(page, 'Live Payer', checkoutLoads)
  await gate.getByRole('button', { name: 'Subscribe to 3 Month Plan' }).click()

  const rzp = page.getByRole('dialog', { name: 'Razorpay Checkout' })
  await expect(rzp).toBeVisible()
  expect(api.orders.length).toBe(ordersBefore + 1)
  const order = api.orders[api.orders.length - 1]
  expect(order).toMatchObject({ amount: quarterlyPrice * 100, currency: 'INR', notes: { planId: 'quarterly' } })
  expect(order.receipt).toMatch(/^sb_/)
  const options = await page.evaluate(() => (window as unknown as { __rzpOptions: Record<string, unknown> }).__rzpOptions)
  expect(options).toMatchObject({
    key: RZP.keyId,
    amount: quarterlyPrice * 100,
    currency: 'INR',
    order_id: order.id,
    name: 'SponsorBridge',
    description: '3 Month Plan',
    prefill: { name: 'Live Payer' },
    notes: { planId: 'quarterly' },
  })

  await rzp.getByRole('button', { name: 'Pay' }).click()
  await expectToast(page, 'Subscription successful!')
  await expect(page.getByText('Your subscription has been activated')).toBeVisible()
  await expect(rzp).toBeHidden()
  const form = page.getByRole('dialog', { name: 'Create New Listing' })
  await expect(form).toBeVisible()
  const title = uniqueName('Live paid offer ')
  await form.getByLabel('Title').fill(title)
  await form.getByLabel('Description').fill('Sponsoring a community garden, paid for through Razorpay.')
  await form.getByLabel('Amount (USD)').fill('750')
  await form.getByLabel('Education').check()
  await form.getByRole('button', { name: 'Post Open Sponsorship' }).click()
  await expectToast(page, 'Open Sponsorship created')
  await expect(page.getByRole('article', { name: title })).toBeVisible()

  await page.goto(`${server.origin}/subscription`)
  const summary = page.getByRole('region', { name: 'Your subscription' })
  await expect(summary.getByText('Active', { exact: true })).toBeVisible()
  await expect(summary.getByText('3 Month Plan')).toBeVisible()
  await expect(summary.getByText('Test mode')).toHaveCount(0)
  const rows = page.getByTestId('payment-row')
  await expect(rows).toHaveCount(1)
  await expect(rows.first()).toContainText('Paid')
  await expect(rows.first()).toContainText(`₹${quarterlyPrice}`)
  await expect(rows.first()).toContainText('pay_e2e')
  const user = await currentUser(page)
  expect(user).toMatchObject({ subscriptionActive: true, subscriptionPlan: 'quarterly', subscriptionStatus: 'active' })
  expect(checkoutLoads.length).toBeGreaterThanOrEqual(1)
  expect(escaped).toEqual([])
})

test('live checkout: a declined payment says Payment failed, Close re-enables the plans, nothing is activated', async ({ page }) => {
  const { checkoutLoads, escaped } = await isolate(page, RZP.keySecret)
  const gate = await memberAtPlans(page, 'Live Decline', checkoutLoads)
  await gate.getByRole('button', { name: 'Subscribe to 1 Month Plan' }).click()
  const rzp = page.getByRole('dialog', { name: 'Razorpay Checkout' })
  await rzp.getByRole('button', { name: 'Fail' }).click()
  await expectToast(page, 'Payment failed')
  await expect(page.getByText('Your payment has been declined by the bank (e2e).')).toBeVisible()
  await expect(rzp).toBeVisible() // Razorpay keeps its window open for another attempt

  await rzp.getByRole('button', { name: 'Close' }).click()
  await expect(rzp).toBeHidden()
  await expect(gate.getByRole('button', { name: 'Subscribe to 1 Month Plan' })).toBeEnabled()
  expect((await currentUser(page)).subscriptionActive).toBe(false)
  await page.goto(`${server.origin}/subscription`)
  await expect(page.getByText('Posting needs an active plan.')).toBeVisible()
  await expect(page.getByTestId('payment-row').first()).toContainText('Not completed')
  expect(escaped).toEqual([])
})

test('live checkout: a payment signed with the wrong secret says Payment verification failed', async ({ page }) => {
  const { checkoutLoads, escaped } = await isolate(page, 'not-the-key-secret')
  const gate = await memberAtPlans(page, 'Live Forger', checkoutLoads)
  await gate.getByRole('button', { name: 'Subscribe to 1 Month Plan' }).click()
  await page.getByRole('dialog', { name: 'Razorpay Checkout' }).getByRole('button', { name: 'Pay' }).click()
  await expectToast(page, 'Payment verification failed')
  await expect(page.getByText('The payment signature is not valid.')).toBeVisible()
  await expect(gate.getByRole('button', { name: 'Subscribe to 1 Month Plan' })).toBeEnabled()
  expect((await currentUser(page)).subscriptionActive).toBe(false)
  expect(escaped).toEqual([])
})

test('webhook: a signed order.paid activates the plan once; the same event id again changes nothing', async ({ playwright }) => {
  const member = await playwright.request.newContext()
  const razorpay = await playwright.request.newContext()
  try {
    await register(member, 'Hook Member')
    const created = await member.post(`${server.origin}/api/payments/create-subscription`, {
      data: { planId: 'quarterly' },
      headers: { Origin: server.origin },
    })
    expect(created.status(), await created.text()).toBe(200)
    const order = await created.json()
    expect(order).toMatchObject({ keyId: RZP.keyId, amount: quarterlyPrice * 100, currency: 'INR', sandbox: false })
    expect(api.orders.at(-1)?.id).toBe(order.orderId)

    const paymentId = `pay_e2ehook${Date.now()}`
    const body = JSON.stringify({
      entity: 'event',
      account_id: 'acc_e2e',
      event: 'order.paid',
      contains: ['payment', 'order'],
      payload: {
        payment: {
          entity: {
            id: paymentId,
            entity: 'payment',
            amount: order.amount,
            currency: 'INR',
            status: 'captured',
            order_id: order.orderId,
            method: 'upi',
          },
        },
        order: {
          entity: {
            id: order.orderId,
            entity: 'order',
            amount: order.amount,
            amount_paid: order.amount,
            amount_due: 0,
            currency: 'INR',
            status: 'paid',
          },
        },
      },
      created_at: Math.floor(Date.now() / 1000),
    })
    const deliver = (eventId: string, signature = hmacHex(RZP.webhookSecret, body)) =>
      razorpay.post(`${server.origin}/api/payments/webhook`, {
        data: body,
        headers: { 'Content-Type': 'application/json', 'X-Razorpay-Signature': signature, 'X-Razorpay-Event-Id': eventId },
      })

    const forged = await deliver('evt_e2e_forged', hmacHex('wrong-secret', body))
    expect(forged.status()).toBe(400)
    expect((await forged.json()).message).toBe('Invalid webhook signature.')
    expect((await (await member.get(`${server.origin}/api/user`)).json()).subscriptionActive).toBe(false)

    const eventId = `evt_e2e${Date.now()}`
    const first = await deliver(eventId)
    expect(first.status()).toBe(200)
    expect(await first.json()).toEqual({ status: 'activated' })
    const activated = await (await member.get(`${server.origin}/api/user`)).json()
    expect(activated).toMatchObject({ subscriptionActive: true, subscriptionPlan: 'quarterly', subscriptionStatus: 'active' })
    const days = (new Date(activated.subscriptionExpiry).getTime() - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(85)
    expect(days).toBeLessThan(95)

    const again = await deliver(eventId)
    expect(again.status()).toBe(200)
    expect(await again.json()).toEqual({ status: 'duplicate' })
    const after = await (await member.get(`${server.origin}/api/user`)).json()
    expect(after.subscriptionExpiry).toBe(activated.subscriptionExpiry)

    const payments = await (await member.get(`${server.origin}/api/payments`)).json()
    expect(payments).toHaveLength(1)
    expect(payments[0]).toMatchObject({ orderId: order.orderId, paymentId, status: 'paid', amount: quarterlyPrice * 100, sandbox: false })
  } finally {
    await member.dispose()
    await razorpay.dispose()
  }
})

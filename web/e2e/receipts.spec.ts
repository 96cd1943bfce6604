import { mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type APIRequestContext, type Page } from '@playwright/test'
import { expect, test } from './test'
import { seriousAxeFindingsBothThemes } from './axe'
import { expectToast, registerMember, uniqueName } from './helpers'
import { hmacHex, RZP, startRazorpayApi } from './razorpay-standin'
import { startSecondServer } from './server'
import { picture } from './shots'

const shotDir = join(dirname(fileURLToPath(import.meta.url)), 'screenshots')
/** Where the receipt's screenshots also go, to be looked at outside the test run. */
const tmpShots = process.env.RECEIPT_SHOTS_DIR ?? '/tmp/sponsorbridge-receipts'

/** Counts window.print() calls instead of opening the browser's print dialog. */
async function stubPrint(page: Page) {
  await page.addInitScript(() => {
    ;(window as unknown as { __printed: number }).__printed = 0
    window.print = () => {
      ;(window as unknown as { __printed: number }).__printed += 1
    }
  })
}

/** A new member on the main (sandbox) server pays for the 1 Month Plan from /subscription. */
async function payInSandbox(page: Page, name: string) {
  await registerMember(page, name)
  await page.goto('/subscription')
  await page.getByRole('button', { name: 'Subscribe to 1 Month Plan' }).click()
  const checkout = page.getByTestId('sandbox-checkout')
  await checkout.getByRole('button', { name: 'Pay (test)' }).click()
  await expectToast(page, 'Subscription successful!')
}

/** Opens the receipt from the history's only row, and answers its path. */
async function openReceiptFromHistory(page: Page) {
  await page.goto('/subscription')
  const row = page.getByTestId('payment-row')
  await expect(row).toHaveCount(1)
  await row.getByRole('link', { name: /^Receipt SB-\d{6}$/ }).click()
  await expect(page).toHaveURL(/\/subscription\/receipts\/[a-z0-9]+$/)
  return new URL(page.url()).pathname
}

async function expectCleanPrintView(page: Page) {
  await page.emulateMedia({ media: 'print' })
  await expect(page.getByRole('article', { name: 'Receipt' })).toBeVisible()
  for (const hidden of [
    page.getByRole('banner').first(),
    page.getByRole('navigation', { name: 'Main' }),
    page.getByRole('navigation', { name: 'Mobile' }),
    page.getByRole('contentinfo'),
    page.getByRole('button', { name: 'Print receipt' }),
  ]) {
    await expect(hidden).toBeHidden()
  }
}

test('a member pays in the sandbox, opens the receipt from the payment history and prints it; nobody else can', async ({
  page,
  browser,
}) => {
  await stubPrint(page)
  await payInSandbox(page, 'Receipt Holder')
  const path = await openReceiptFromHistory(page)

  const receipt = page.getByRole('article', { name: 'Receipt' })
  await expect(receipt.getByTestId('receipt-number')).toHaveText(/^SB-\d{6}$/)
  await expect(receipt.getByText('1 Month Plan', { exact: true })).toBeVisible()
  await expect(receipt.getByTestId('receipt-total')).toHaveText('₹400')
  await expect(receipt.getByText(/^order_sandbox_/)).toBeVisible()
  await expect(receipt.getByText(/^pay_sandbox_/)).toBeVisible()
  const seller = receipt.getByTestId('receipt-seller')
  await expect(seller).toContainText('SponsorBridge Demo Pvt. Ltd.') // demo mode's made-up seller
  await expect(seller).toContainText('Bengaluru, Karnataka 560025')
  await expect(seller).toContainText('billing@sponsorbridge.example')
  await expect(receipt.getByText('Test mode — no real money')).toBeVisible()
  await expect(receipt.getByText(/No money moved, and this receipt is not proof of payment/)).toBeVisible()
  await expect(receipt.getByText('Receipt Holder')).toBeVisible()
  const today = new Date().toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' })
  await expect(receipt.getByText(today, { exact: true })).toBeVisible()
  await expect(page).toHaveTitle(/^Receipt SB-\d{6} · SponsorBridge$/)

  const findings = await seriousAxeFindingsBothThemes(page, 'receipt')
  expect(findings, findings.join('\n')).toEqual([])

  await page.getByRole('button', { name: 'Print receipt' }).click()
  expect(await page.evaluate(() => (window as unknown as { __printed: number }).__printed)).toBe(1)
  await expectCleanPrintView(page)
  await page.emulateMedia({ media: 'screen' })

  // Another member, and a visitor, get "not found" / 401: the receipt does not leak.
  const other = await browser.newContext()
  try {
    const stranger = await other.newPage()
    await registerMember(stranger, 'Someone Else')
    await stranger.goto(path)
    await expect(stranger.getByRole('heading', { name: 'Receipt not found' })).toBeVisible()
    await expect(stranger.getByText('order_sandbox_')).toHaveCount(0)
    const id = path.split('/').pop()
    const api = await stranger.request.get(`/api/payments/${id}/receipt`)
    expect(api.status()).toBe(404)
    expect(await api.text()).not.toContain('order_sandbox_')
    await other.clearCookies()
    expect((await stranger.request.get(`/api/payments/${id}/receipt`)).status()).toBe(401)
  } finally {
    await other.close()
  }
})

const devices = {
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
}

for (const [device, options] of Object.entries(devices)) {
  test.describe(`receipt screens (${device})`, () => {
    test.use(options)

    test(`the receipt on screen and in print (${device})`, async ({ page }) => {
      mkdirSync(shotDir, { recursive: true })
      mkdirSync(tmpShots, { recursive: true })
      await payInSandbox(page, 'Asha Raman')
      await openReceiptFromHistory(page)
      await expect(page.getByTestId('receipt-total')).toHaveText('₹400')
      for (const dir of [shotDir, tmpShots]) {
        await picture(page, { path: join(dir, `${device}-receipt.png`), fullPage: true })
      }
      await expectCleanPrintView(page)
      for (const dir of [shotDir, tmpShots]) {
        await picture(page, { path: join(dir, `${device}-receipt-print.png`), fullPage: true })
      }
    })
  })
}

/**
 * Refunds on the live path: a second server with Razorpay keys (the REST API a local stand-in) and
 * configured seller details. Razorpay's refund.processed reaches the webhook signed; a partial
 * refund is shown and leaves the plan, the rest ends it, and the administrator sees both.
 */
test.describe('refunds through the Razorpay webhook', () => {
  let api: Awaited<ReturnType<typeof startRazorpayApi>>
  let server: Awaited<ReturnType<typeof startSecondServer>>

  test.beforeAll(async () => {
    api = await startRazorpayApi()
    server = await startSecondServer({
      ...api.env,
      DEMO_MODE: 'true',
      DEMO_PASSWORD: 'demo-pass-123',
      SELLER_NAME: 'Acme Community LLP',
      SELLER_ADDRESS: '4 Lake View\\nPune 411001',
      SELLER_EMAIL: 'accounts@acme.example',
      SELLER_GSTIN: '27AAPFU0939F1ZV',
    })
  })
  test.afterAll(async () => {
    await server?.stop()
    await api?.close()
  })

  async function deliver(request: APIRequestContext, event: string, entities: Record<string, unknown>) {
    const body = JSON.stringify({
      entity: 'event',
      account_id: 'acc_e2e',
      event,
      payload: entities,
      created_at: Math.floor(Date.now() / 1000),
    })
    const response = await request.post(`${server.origin}/api/payments/webhook`, {
      data: body,
      headers: {
        'Content-Type': 'application/json',
        'X-Razorpay-Signature': hmacHex(RZP.webhookSecret, body),
        'X-Razorpay-Event-Id': uniqueName('evt_e2e'),
      },
    })
    expect(response.status()).toBe(200)
    return (await response.json()).status as string
  }

  test('a partial refund is shown and keeps the plan; the rest ends it; member and administrator see it', async ({
    page,
    browser,
    playwright,
  }) => {
    const origin = server.origin
    const username = uniqueName('rf')
    const registered = await page.request.post(`${origin}/api/register`, {
      data: { displayName: 'Refund Member', username, password: 'member-pass-1' },
      headers: { Origin: origin },
    })
    expect(registered.status()).toBe(201)
    const created = await page.request.post(`${origin}/api/payments/create-subscription`, {
      data: { planId: 'monthly' },
      headers: { Origin: origin },
    })
    const order = await created.json()
    const paymentId = uniqueName('pay_e2erf')
    const payment = { id: paymentId, entity: 'payment', amount: order.amount, currency: 'INR', order_id: order.orderId, captured: true }
    const hook = await playwright.request.newContext() // Razorpay: no session
    expect(
      await deliver(hook, 'order.paid', {
        payment: { entity: { ...payment, status: 'captured' } },
        order: { entity: { id: order.orderId, amount: order.amount, amount_paid: order.amount, currency: 'INR', status: 'paid' } },
      }),
    ).toBe('activated')

    // A renewal, the 3 Month Plan on top, refunded in full: the months go and the plan named is again the
    // one still paid for (not the refunded one).
    const renewed = await (
      await page.request.post(`${origin}/api/payments/create-subscription`, { data: { planId: 'quarterly' }, headers: { Origin: origin } })
    ).json()
    const renewalId = uniqueName('pay_e2ern')
    const renewal = { id: renewalId, entity: 'payment', amount: renewed.amount, currency: 'INR', order_id: renewed.orderId, captured: true }
    expect(
      await deliver(hook, 'order.paid', {
        payment: { entity: { ...renewal, status: 'captured' } },
        order: { entity: { id: renewed.orderId, amount: renewed.amount, amount_paid: renewed.amount, currency: 'INR', status: 'paid' } },
      }),
    ).toBe('activated')
    await page.goto(`${origin}/subscription`)
    const summary = page.getByRole('region', { name: 'Your subscription' })
    await expect(summary).toContainText('3 Month Plan')
    const renewalRefund = {
      refund: {
        entity: {
          id: uniqueName('rfnd_r'),
          entity: 'refund',
          amount: renewed.amount,
          currency: 'INR',
          payment_id: renewalId,
          status: 'processed',
        },
      },
      payment: { entity: { ...renewal, status: 'refunded', amount_refunded: renewed.amount } },
    }
    expect(await deliver(hook, 'refund.processed', renewalRefund)).toBe('refunded')
    await page.reload()
    await expect(summary).toContainText('1 Month Plan')
    await expect(summary).not.toContainText('3 Month Plan')
    await expect(summary.getByText('Active', { exact: true })).toBeVisible()

    const refund = (id: string, amount: number) => ({
      refund: { entity: { id, entity: 'refund', amount, currency: 'INR', payment_id: paymentId, status: 'processed' } },
      payment: { entity: { ...payment, status: 'refunded', amount_refunded: amount } },
    })
    expect(await deliver(hook, 'refund.processed', refund(uniqueName('rfnd_a'), 10050))).toBe('partially_refunded')

    await page.goto(`${origin}/subscription`)
    const row = page.getByTestId('payment-row').filter({ hasText: '1 Month Plan' })
    await expect(row).toContainText('₹100.50 refunded on')
    await expect(row.getByText('Paid', { exact: true })).toBeVisible()
    await expect(page.getByRole('region', { name: 'Your subscription' }).getByText('Active', { exact: true })).toBeVisible()
    await row.getByRole('link', { name: /^Receipt SB-\d{6}$/ }).click()
    const receipt = page.getByRole('article', { name: 'Receipt' })
    await expect(receipt.getByText('Partly refunded')).toBeVisible()
    await expect(receipt.getByText(paymentId)).toBeVisible()
    await expect(receipt.getByText(order.orderId)).toBeVisible()
    await expect(receipt.getByTestId('receipt-seller')).toContainText('Acme Community LLP')
    await expect(receipt.getByTestId('receipt-seller')).toContainText('Pune 411001')
    await expect(receipt.getByTestId('receipt-seller')).toContainText('GSTIN: 27AAPFU0939F1ZV')
    await expect(receipt.getByText('Test mode — no real money')).toHaveCount(0)
    await expect(receipt.getByTestId('receipt-refund')).toHaveCount(1)
    const receiptUrl = page.url()

    expect(await deliver(hook, 'refund.processed', refund(uniqueName('rfnd_b'), order.amount - 10050))).toBe('refunded')
    await page.reload()
    await expect(receipt.getByText('Refunded', { exact: true })).toBeVisible()
    await expect(receipt.getByText(/^Refunded on .*: ₹400 returned to the original payment method\.$/)).toBeVisible()
    await expect(receipt.getByTestId('receipt-refund')).toHaveCount(2)
    await page.goto(`${origin}/subscription`)
    await expect(row).toContainText(/Refunded on /)
    await expect(page.getByRole('region', { name: 'Your subscription' }).getByText('Cancelled', { exact: true })).toBeVisible()
    const notes = await (await page.request.get(`${origin}/api/notifications`)).json()
    const titles = (notes.items ?? notes).map((n: { title: string }) => n.title)
    expect(titles).toEqual(
      expect.arrayContaining(['Your payment of ₹400 was refunded', '₹100.50 of your payment for the 1 Month Plan was refunded']),
    )
    mkdirSync(tmpShots, { recursive: true })
    await page.goto(receiptUrl)
    await expect(receipt.getByTestId('receipt-refund')).toHaveCount(2)
    await picture(page, { path: join(tmpShots, 'desktop-receipt-refunded.png'), fullPage: true })

    const adminContext = await browser.newContext()
    try {
      const admin = await adminContext.newPage()
      const login = await admin.request.post(`${origin}/api/login`, {
        data: { username: 'admin', password: 'demo-pass-123' },
        headers: { Origin: origin },
      })
      expect(login.status()).toBe(200)
      await admin.goto(`${origin}/admin?tab=subscriptions`)
      const recent = admin.getByRole('row').filter({ hasText: order.orderId })
      await expect(recent.getByText('Refunded', { exact: true })).toBeVisible()
      await expect(recent).toContainText('₹400 refunded')
      await recent.getByRole('link', { name: /^SB-\d{6}$/ }).click()
      await expect(admin.getByRole('article', { name: 'Receipt' }).getByText('Refund Member')).toBeVisible()
    } finally {
      await adminContext.close()
      await hook.dispose()
    }
  })
})

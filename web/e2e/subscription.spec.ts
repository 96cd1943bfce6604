import { mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type Page } from '@playwright/test'
import { expect, test, origin } from './test'
import { expectToast, registerMember, uniqueName } from './helpers'
import { picture } from './shots'

/** Registers a member and opens Create New, which shows the plans for a member without one. */
async function memberAtPlans(page: Page, name: string) {
  await registerMember(page, name)
  await page.goto('/home')
  await expect(page.getByRole('button', { name: new RegExp(`Account menu for ${name}`) })).toBeVisible()
  await page.getByRole('button', { name: 'Create New' }).click()
  const gate = page.getByRole('dialog', { name: 'Subscription Required' })
  await expect(gate.getByTestId('plan-card')).toHaveCount(3)
  return gate
}

/** Records every request to Razorpay's checkout host: sandbox mode must never make one. */
function watchRazorpay(page: Page) {
  const hits: string[] = []
  page.on('request', (r) => {
    if (r.url().includes('checkout.razorpay.com')) hits.push(r.url())
  })
  return hits
}

test('a member without a plan cannot post: the plans, and the server answers 402', async ({ page }) => {
  const gate = await memberAtPlans(page, 'Plan Less')
  await expect(gate.getByText('₹400')).toBeVisible()
  const config = await (await page.request.get('/api/app-config')).json()
  await expect(gate.getByText(config.plans[1].note, { exact: true })).toBeVisible()
  await expect(gate.getByText('Test mode — no real money')).toBeVisible()
  await expect(gate.getByRole('button', { name: 'Subscribe to 3 Month Plan' })).toBeEnabled()
  await expect(gate.getByRole('link', { name: 'Refund Policy' })).toBeVisible()

  const forced = await page.request.post('/api/sponsorships', {
    data: { title: 'Forced', description: 'Without a plan.', amount: 100, categories: ['Arts'] },
    headers: { Origin: origin() },
  })
  expect(forced.status()).toBe(402)
  expect((await forced.json()).message).toBe('An active subscription is required to post. Choose a plan to continue.')
})

test('a new member subscribes through the sandbox checkout and posts a listing that appears', async ({ page }) => {
  const razorpay = watchRazorpay(page)
  const gate = await memberAtPlans(page, 'Sub Scriber')
  await gate.getByRole('button', { name: 'Subscribe to 1 Month Plan' }).click()

  const checkout = page.getByTestId('sandbox-checkout')
  await expect(checkout.getByRole('heading', { name: 'Test-mode checkout' })).toBeVisible()
  await expect(checkout.getByText('Test mode — no real money moves. This server has no Razorpay keys.')).toBeVisible()
  await expect(checkout.getByText('₹400')).toBeVisible()
  await expect(checkout.getByText('1 Month Plan')).toBeVisible()
  await checkout.getByRole('button', { name: 'Pay (test)' }).click()

  await expectToast(page, 'Subscription successful!')
  await expect(page.getByText('Your subscription has been activated')).toBeVisible()
  await expect(checkout).toBeHidden()
  const form = page.getByRole('dialog', { name: 'Create New Listing' })
  await expect(form).toBeVisible()
  await expect(gate).toBeHidden()

  const title = uniqueName('Paid offer ')
  await form.getByLabel('Title').fill(title)
  await form.getByLabel('Description').fill('Grants for a neighbourhood library.')
  await form.getByLabel('Amount (USD)').fill('500')
  await form.getByLabel('Education').check()
  await form.getByRole('button', { name: 'Post Open Sponsorship' }).click()
  await expectToast(page, 'Open Sponsorship created')
  await expect(page.getByRole('article', { name: title })).toBeVisible()

  await page.goto('/subscription')
  const summary = page.getByRole('region', { name: 'Your subscription' })
  await expect(summary.getByText('Active', { exact: true })).toBeVisible()
  await expect(summary.getByText('1 Month Plan')).toBeVisible()
  const { subscriptionExpiry } = await (await page.request.get('/api/user')).json()
  const days = (new Date(subscriptionExpiry).getTime() - Date.now()) / 86_400_000
  expect(days).toBeGreaterThan(27)
  expect(days).toBeLessThan(32)
  const expiry = new Date(subscriptionExpiry).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' })
  await expect(summary.getByText(expiry, { exact: true })).toBeVisible()
  const rows = page.getByTestId('payment-row')
  await expect(rows).toHaveCount(1)
  await expect(rows.first()).toContainText('Paid')
  await expect(rows.first()).toContainText('₹400')
  await expect(rows.first()).toContainText('pay_sandbox_')
  await expect(page.getByRole('button', { name: 'Renew with 1 Month Plan' })).toBeEnabled()
  expect(razorpay).toEqual([])
})

test('a failed sandbox payment says Payment failed and activates nothing; Cancel re-enables the plans', async ({ page }) => {
  const gate = await memberAtPlans(page, 'Fail Ing')
  await gate.getByRole('button', { name: 'Subscribe to 6 Month Plan' }).click()
  const checkout = page.getByTestId('sandbox-checkout')
  await checkout.getByRole('button', { name: 'Fail payment (test)' }).click()
  await expectToast(page, 'Payment failed')
  await expect(page.getByText('Test payment declined (sandbox).')).toBeVisible()
  await expect(checkout).toBeVisible()

  await checkout.getByRole('button', { name: 'Cancel' }).click()
  await expect(checkout).toBeHidden()
  await expect(gate.getByRole('button', { name: 'Subscribe to 6 Month Plan' })).toBeEnabled()

  const user = await (await page.request.get('/api/user')).json()
  expect(user.subscriptionActive).toBe(false)
  await page.goto('/subscription')
  await expect(page.getByRole('region', { name: 'Your subscription' }).getByText('No plan')).toBeVisible()
  await expect(page.getByText('Posting needs an active plan.')).toBeVisible()
  await expect(page.getByTestId('payment-row').first()).toContainText('Failed')
})

test('a tampered signature says Payment verification failed and activates nothing', async ({ page }) => {
  await page.route('**/api/payments/sandbox/pay', async (route) => {
    const response = await route.fetch()
    const body = await response.json()
    const sig: string = body.razorpay_signature
    body.razorpay_signature = (sig[0] === 'a' ? 'b' : 'a') + sig.slice(1)
    await route.fulfill({ response, json: body })
  })
  const gate = await memberAtPlans(page, 'Tam Pered')
  await gate.getByRole('button', { name: 'Subscribe to 1 Month Plan' }).click()
  await page.getByTestId('sandbox-checkout').getByRole('button', { name: 'Pay (test)' }).click()
  await expectToast(page, 'Payment verification failed')
  await expect(page.getByText('The payment signature is not valid.')).toBeVisible()
  await expect(gate.getByRole('button', { name: 'Subscribe to 1 Month Plan' })).toBeEnabled()
  const user = await (await page.request.get('/api/user')).json()
  expect(user.subscriptionActive).toBe(false)
})

test('the pricing and refund policies state the plans the server sells', async ({ page }) => {
  const config = await (await page.request.get('/api/app-config')).json()
  await page.goto('/policies/pricing-policy')
  for (const plan of config.plans as { name: string; price: number; months: number }[]) {
    const price = `₹${plan.price.toLocaleString('en-IN')}`
    await expect(page.getByText(`${plan.name}: ${price} for ${plan.months} month`)).toBeVisible()
  }
  await expect(page.getByText(/one new listing per day/)).toBeVisible()
  await page.goto('/policies/refund-policy')
  await expect(page.getByText(/1 Month Plan ₹400, 3 Month Plan ₹900, 6 Month Plan ₹1,500/)).toBeVisible()
})

const shotDir = join(dirname(fileURLToPath(import.meta.url)), 'screenshots')
const devices = {
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
}

for (const [device, options] of Object.entries(devices)) {
  test.describe(`subscription screens for a member without a plan (${device})`, () => {
    test.use(options)

    test(`plans dialog, sandbox checkout and /subscription (${device})`, async ({ page }) => {
      mkdirSync(shotDir, { recursive: true })
      await registerMember(page, 'New Comer')
      await page.goto('/home?create=1')
      const gate = page.getByRole('dialog', { name: 'Subscription Required' })
      await expect(gate.getByRole('button', { name: 'Subscribe to 1 Month Plan' })).toBeEnabled()
      // the dialog's opening transition (and the toast's below) shown at its end
      await picture(page, { path: join(shotDir, `${device}-subscription-required.png`), animations: 'disabled' })
      await gate.getByRole('button', { name: 'Subscribe to 3 Month Plan' }).click()
      const checkout = page.getByTestId('sandbox-checkout')
      await checkout.getByRole('button', { name: 'Fail payment (test)' }).click()
      await expectToast(page, 'Payment failed')
      await picture(page, { path: join(shotDir, `${device}-checkout-failed.png`), animations: 'disabled' })
      await checkout.getByRole('button', { name: 'Cancel' }).click()
      await page.goto('/subscription')
      await expect(page.getByTestId('payment-row')).toHaveCount(1)
      await picture(page, { path: join(shotDir, `${device}-subscription-no-plan.png`), fullPage: device === 'desktop' })
    })
  })
}

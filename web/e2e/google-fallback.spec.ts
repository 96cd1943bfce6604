import { expect, test } from './test'
import { expectToast, uniqueName } from './helpers'
import { readCode } from './mailbox'

const freshEmail = () => `${uniqueName('e2e-')}@example.com`

async function openBoxAndRequestCode(page: import('@playwright/test').Page, email: string, name: string) {
  await page.goto('/auth')
  await page.getByRole('button', { name: 'Show manual Google entry' }).click()
  const box = page.getByRole('region', { name: 'Google Sign-in Fallback' })
  await box.getByLabel('Email').fill(email)
  await box.getByLabel('Display Name').fill(name)
  await box.getByRole('button', { name: 'Continue with Google Account' }).click()
  await expect(box.getByText(`We sent a code to ${email}`)).toBeVisible()
  return box
}

test.describe('Google Sign-in Fallback (e-mail code)', () => {
  test('a new member proves the e-mail with the mailed code and lands on /home', async ({ page }) => {
    const email = freshEmail()
    const box = await openBoxAndRequestCode(page, email, 'Nia Okafor')
    const code = await readCode(email)
    await box.getByLabel('Code').fill(code)
    await box.getByRole('button', { name: 'Verify code' }).click()
    await expectToast(page, 'Welcome Nia Okafor!')
    await expect(page).toHaveURL(/\/home$/)
    await expect(page.getByRole('button', { name: /Account menu for Nia Okafor/ })).toBeVisible()

    const me = await page.request.get('/api/user')
    expect(await me.json()).toMatchObject({ displayName: 'Nia Okafor', email, providerId: 'email' })
  })

  test('a wrong code shows the failure and signs nobody in', async ({ page }) => {
    const email = freshEmail()
    const box = await openBoxAndRequestCode(page, email, 'Wrong Code')
    const code = await readCode(email)
    const wrong = code === '00000000' ? '11111111' : '00000000'
    await box.getByLabel('Code').fill(wrong)
    await box.getByRole('button', { name: 'Verify code' }).click()
    await expectToast(page, 'Manual Google Sign-in Failed')
    await expect(box.getByText('That code is not right. Check the e-mail and try again.')).toBeVisible()
    await expect(page).toHaveURL(/\/auth$/)
    expect((await page.request.get('/api/user')).status()).toBe(401)

    // The right code still works afterwards.
    await box.getByLabel('Code').fill(code)
    await box.getByRole('button', { name: 'Verify code' }).click()
    await expectToast(page, 'Welcome Wrong Code!')
    await expect(page).toHaveURL(/\/home$/)
  })

  test('an empty display name is "Missing Information"', async ({ page }) => {
    await page.goto('/auth?manual=true&email=someone%40example.com')
    await page.getByRole('button', { name: 'Continue with Google Account' }).click()
    await expectToast(page, 'Missing Information')
    await expect(page.getByText('Please provide both email and display name')).toBeVisible()
  })

  test('the box opens on ?manual=true with the e-mail prefilled', async ({ page }) => {
    await page.goto('/auth?manual=true&email=someone@example.com')
    const box = page.getByRole('region', { name: 'Google Sign-in Fallback' })
    await expect(box).toBeVisible()
    await expect(box.getByLabel('Email')).toHaveValue('someone@example.com')
    await expect(page.getByRole('button', { name: 'Hide manual Google entry' })).toHaveAttribute('aria-expanded', 'true')
  })

  test('Google not configured: the button explains it and opens the box', async ({ page }) => {
    await page.goto('/auth?tab=register')
    await page.getByRole('button', { name: 'Sign up with Google' }).click()
    await expectToast(page, 'Google sign-in failed')
    await expect(page.getByText('Authentication not properly configured. Please use the manual sign-in option below.')).toBeVisible()
    await expect(page.getByRole('region', { name: 'Google Sign-in Fallback' })).toBeVisible()
    await expect(page).toHaveURL(/\/auth\?tab=register$/)
  })

  test("the server's start route without Google comes back with the box open", async ({ page }) => {
    await page.goto('/api/auth/google/start?redirect=%2Fhome')
    await expect(page).toHaveURL(/\/auth\?manual=true$/)
    await expect(page.getByText('Authentication not properly configured. Please use the manual sign-in option below.')).toBeVisible()
    await expect(page.getByRole('region', { name: 'Google Sign-in Fallback' })).toBeVisible()
  })
})

import { expect, test } from './test'
import { ADMIN, expectToast, login, uniqueName } from './helpers'

test.describe('sign-in', () => {
  test('register: validation, mismatch message, then land on /home', async ({ page }) => {
    await page.goto('/auth')
    await page.getByRole('tab', { name: 'Register' }).click()
    await page.getByRole('button', { name: 'Create account' }).click()
    await expect(page.getByText('Display name is required')).toBeVisible()
    await expect(page.getByText('Username must be at least 3 characters')).toBeVisible()

    const username = uniqueName('reg')
    await page.getByLabel('Display Name').fill('Asha Verma')
    await page.getByLabel('Username').fill(username)
    await page.getByLabel('Password', { exact: true }).fill('secret-123')
    await page.getByLabel('Confirm Password').fill('secret-456')
    await page.getByRole('button', { name: 'Create account' }).click()
    await expect(page.getByText("Passwords don't match")).toBeVisible()

    await page.getByLabel('Confirm Password').fill('secret-123')
    await page.getByRole('button', { name: 'Create account' }).click()
    await expectToast(page, 'Registration successful')
    await expect(page).toHaveURL(/\/home$/)
    await expect(page.getByRole('button', { name: /Account menu for Asha Verma/ })).toBeVisible()
  })

  test('the demo hint and prefilled credentials are shown in demo mode', async ({ page }) => {
    await page.goto('/auth')
    await expect(page.getByRole('note')).toContainText('admin')
    await expect(page.getByLabel('Username')).toHaveValue(ADMIN.username)
    await expect(page.getByLabel('Password')).toHaveValue(ADMIN.password)
  })

  test('a wrong password shows the failure toast', async ({ page }) => {
    await page.goto('/auth')
    await page.getByLabel('Username').fill('admin')
    await page.getByLabel('Password').fill('wrong-password')
    await page.getByRole('button', { name: 'Login', exact: true }).click()
    await expectToast(page, 'Login failed')
    await expect(page).toHaveURL(/\/auth$/)
  })

  test('log in, reload keeps the session, sign out', async ({ page }) => {
    await login(page, ADMIN.username, ADMIN.password)
    await expectToast(page, 'Login successful')
    await page.reload()
    await expect(page).toHaveURL(/\/home$/)
    await page.goto('/auth')
    await expect(page).toHaveURL(/\/home$/)

    await page.getByRole('button', { name: /Account menu/ }).click()
    await expect(page.getByRole('menuitem', { name: 'Your Profile' })).toBeVisible()
    await page.getByRole('menuitem', { name: 'Sign out' }).click()
    await expectToast(page, 'Logged out successfully')
    await expect(page).toHaveURL(/\/auth$/)
    await page.goto('/home')
    await expect(page).toHaveURL(/\/auth$/)
  })

  test('Google buttons explain that Google is not configured and open the fallback box', async ({ page }) => {
    await page.goto('/auth')
    await expect(page.getByText('Google sign-in is not configured on this server')).toBeVisible()
    await page.getByRole('button', { name: 'Sign in with Google' }).click()
    await expectToast(page, 'Google sign-in failed')
    await expect(page.getByRole('heading', { name: 'Google Sign-in Fallback' })).toBeVisible()
    await page.getByRole('button', { name: 'Hide manual Google entry' }).click()
    await expect(page.getByRole('heading', { name: 'Google Sign-in Fallback' })).toBeHidden()
  })

  test('manual=true opens the fallback box with the e-mail prefilled', async ({ page }) => {
    await page.goto('/auth?manual=true&email=asha%40example.com')
    await expect(page.getByLabel('Email')).toHaveValue('asha@example.com')
  })
})

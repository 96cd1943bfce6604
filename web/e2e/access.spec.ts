import { expect, test } from './test'

test.describe('access rules', () => {
  for (const path of ['/home', '/profile', '/settings', '/messages', '/subscription', '/admin']) {
    test(`a visitor opening ${path} is sent to /auth`, async ({ page }) => {
      await page.goto(path)
      await expect(page).toHaveURL(/\/auth$/)
      await expect(page.getByRole('heading', { name: 'Welcome to SponsorBridge' })).toBeVisible()
    })
  }

  test('/ sends a visitor to /auth', async ({ page }) => {
    await page.goto('/')
    await expect(page).toHaveURL(/\/auth$/)
  })

  test('policy pages are public and the Policies group starts open on them', async ({ page }) => {
    await page.goto('/policies/refund-policy')
    await expect(page.getByRole('heading', { level: 1, name: 'Refund Policy' })).toBeVisible()
    const nav = page.getByRole('navigation', { name: 'Main' })
    await expect(nav.getByRole('button', { name: 'Policies' })).toHaveAttribute('aria-expanded', 'true')
    await expect(nav.getByRole('link', { name: 'Contact Us' })).toBeVisible()
    await expect(nav.getByRole('link', { name: 'Login / Register' })).toBeVisible()
  })

  test('the 404 page', async ({ page }) => {
    await page.goto('/policies/privacy-policy')
    await page.goto('/no/such/page')
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible()
    await expect(page.getByText("The page you are looking for doesn't exist or has been moved.")).toBeVisible()
    await expect(page.getByText('The URL was typed incorrectly')).toBeVisible()
    await page.getByRole('button', { name: 'Go Back' }).click()
    await expect(page).toHaveURL(/privacy-policy$/)
    await page.goto('/still/missing')
    await page.getByRole('link', { name: 'Home Page' }).click()
    await expect(page).toHaveURL(/\/auth$/)
  })
})

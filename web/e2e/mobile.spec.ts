import { expect, test } from '@playwright/test'
import { ADMIN, login } from './helpers'

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

test('phone: bottom bar instead of the side navigation, Create opens the posting flow', async ({ page }) => {
  await login(page, ADMIN.username, ADMIN.password)
  const bar = page.getByRole('navigation', { name: 'Mobile' })
  await expect(bar).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden()
  await expect(bar.getByRole('link', { name: 'Home' })).toBeVisible()
  // Administrators see Admin in place of Messages.
  await expect(bar.getByRole('link', { name: 'Admin' })).toBeVisible()
  await expect(bar.getByRole('link', { name: 'Messages' })).toHaveCount(0)
  await expect(bar.getByRole('link', { name: 'Profile' })).toBeVisible()

  await bar.getByRole('link', { name: 'Profile' }).click()
  await expect(page).toHaveURL(/\/profile$/)
  await bar.getByRole('link', { name: 'Create' }).click()
  await expect(page.getByRole('dialog', { name: 'Your subscription is active' })).toBeVisible()
  await page.getByRole('button', { name: 'Cancel' }).click()
  await expect(page).toHaveURL(/\/home$/)

  await page.getByRole('button', { name: /Account menu/ }).tap()
  await expect(page.getByRole('menu')).toBeVisible()
  // A touch anywhere outside the menu closes it.
  await page.touchscreen.tap(20, 420)
  await expect(page.getByRole('menu')).toBeHidden()
})

import { expect, test } from '@playwright/test'
import { ADMIN, login } from './helpers'

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

test('phone: bottom bar instead of the side navigation, Create opens the posting flow', async ({ page }) => {
  await login(page, ADMIN.username, ADMIN.password)
  const bar = page.getByRole('navigation', { name: 'Mobile' })
  await expect(bar).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden()
  await expect(bar.getByRole('link', { name: 'Home' })).toBeVisible()
  // Administrators keep Messages and also get Admin.
  await expect(bar.getByRole('link', { name: 'Admin' })).toBeVisible()
  await expect(bar.getByRole('link', { name: 'Messages' })).toBeVisible()
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

test('phone: "+" on the requests tab keeps the tab and opens the request form', async ({ page }) => {
  await login(page, ADMIN.username, ADMIN.password)
  await page.getByRole('tab', { name: 'Sponsors Required' }).click()
  await expect(page).toHaveURL(/tab=requests/)
  const bar = page.getByRole('navigation', { name: 'Mobile' })
  await bar.getByRole('link', { name: 'Create' }).click()
  await expect(page).toHaveURL(/tab=requests/)
  await expect(page.getByRole('tab', { name: 'Sponsors Required', selected: true }).first()).toBeVisible()
  await page.getByRole('button', { name: 'Continue to Post Form' }).click()
  const form = page.getByRole('dialog', { name: 'Create New Listing' })
  await expect(form.getByRole('tab', { name: 'Sponsors Required' })).toHaveAttribute('aria-selected', 'true')
  await expect(form.getByLabel('Requested Amount (USD)')).toBeVisible()
})

test('phone: the admin sections are one scrollable row', async ({ page }) => {
  await login(page, ADMIN.username, ADMIN.password)
  await page.goto('/admin?tab=subscriptions')
  const tabs = page.getByRole('tablist', { name: 'Admin sections' })
  await expect(tabs.getByRole('tab', { name: 'Subscriptions & payments' })).toHaveAttribute('aria-selected', 'true')
  const first = (await tabs.getByRole('tab').first().boundingBox())!
  const last = (await tabs.getByRole('tab').last().boundingBox())!
  expect(Math.abs(first.y - last.y)).toBeLessThan(4) // one row
  const tabsBox = (await tabs.boundingBox())!
  expect(tabsBox.width).toBeLessThanOrEqual(390)
})

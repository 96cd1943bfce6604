import { expect, test } from './test'
import { ADMIN, expectToast, registerMember, signIn, uniqueName } from './helpers'
import { picture } from './shots'
import { contrastOf } from './contrast'

for (const colorScheme of ['light', 'dark'] as const) {
  test(`status labels on disabled buttons are readable (${colorScheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme })
    await signIn(page, ADMIN.username, ADMIN.password)
    await page.goto('/home?tab=requests&q=football&show=all')
    const sponsored = page.getByRole('article', { name: 'Youth football league kits' }).getByRole('button', { name: 'Sponsored' })
    await expect(sponsored).toBeDisabled()
    expect(await contrastOf(sponsored)).toBeGreaterThanOrEqual(4.5)
  })
}

test('the amber 24-hour warning is readable in both themes', async ({ page }) => {
  await registerMember(page, 'Once Daily')
  await page.goto('/home')
  await page.getByRole('button', { name: 'Create New' }).click()
  await page.getByRole('dialog', { name: 'Subscription Required' }).getByRole('button', { name: 'Subscribe to 1 Month Plan' }).click()
  await page.getByTestId('sandbox-checkout').getByRole('button', { name: 'Pay (test)' }).click()
  const form = page.getByRole('dialog', { name: 'Create New Listing' })
  await form.getByLabel('Title').fill(uniqueName('Daily offer '))
  await form.getByLabel('Description').fill('Grants for a neighbourhood library.')
  await form.getByLabel('Amount (USD)').fill('500')
  await form.getByLabel('Education').check()
  await form.getByRole('button', { name: 'Post Open Sponsorship' }).click()
  await expectToast(page, 'Open Sponsorship created')

  // A second post within the day: the dialog says when, in amber.
  await page.getByRole('button', { name: 'Create New' }).click()
  const warning = page.getByRole('alert').filter({ hasText: 'Your plan allows one new listing every 24 hours.' })
  await expect(warning).toBeVisible()
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    await picture(page, { path: `/tmp/contrast-24h-${colorScheme}.png` })
    expect(await contrastOf(warning), colorScheme).toBeGreaterThanOrEqual(4.5)
  }
})

import { type Locator } from '@playwright/test'
import { expect, test } from './test'
import { ADMIN, expectToast, registerMember, signIn, uniqueName } from './helpers'
import { picture } from './shots'

/** WCAG contrast of an element's text colour on its background, read from the rendered page. */
async function contrastOf(el: Locator): Promise<number> {
  return el.evaluate((node) => {
    const canvas = document.createElement('canvas')
    canvas.width = canvas.height = 1
    const ctx = canvas.getContext('2d', { willReadFrequently: true })!
    const rgb = (css: string) => {
      ctx.clearRect(0, 0, 1, 1)
      ctx.fillStyle = css
      ctx.fillRect(0, 0, 1, 1)
      return Array.from(ctx.getImageData(0, 0, 1, 1).data.slice(0, 3))
    }
    const lum = (c: number[]) => {
      const [r, g, b] = c.map((v) => {
        const s = v / 255
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
      })
      return 0.2126 * r + 0.7152 * g + 0.0722 * b
    }
    const style = getComputedStyle(node)
    let bg = style.backgroundColor
    for (let p: Element | null = node; p && /rgba\(0, 0, 0, 0\)|transparent/.test(bg); p = p.parentElement)
      bg = getComputedStyle(p).backgroundColor
    const a = lum(rgb(style.color))
    const b = lum(rgb(bg))
    return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)
  })
}

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

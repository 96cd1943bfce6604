import { mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Page, PageScreenshotOptions } from '@playwright/test'

/** Where the screenshot journeys write (ignored by git). */
const shotsDir = join(dirname(fileURLToPath(import.meta.url)), 'screenshots')
mkdirSync(shotsDir, { recursive: true })

/**
 * Whether the journeys write the screens' pictures: `make screenshots` asks for them. `make test`
 * visits, checks and scans the same screens without writing them, which cost about 110 s of its
 * browser workers' time (each desktop page is shot whole).
 */
export const wanted = process.env.E2E_SCREENSHOTS === '1'

/** page.screenshot(options) when the pictures are wanted (make screenshots), else nothing. */
export async function picture(page: Page, options: PageScreenshotOptions) {
  if (wanted) await page.screenshot(options)
}

/** Shoots the screen as it is now into `<device>-<name>.png`; a desktop page whole, a dialog or a phone as seen. */
export async function shoot(page: Page, device: string, name: string) {
  if (!wanted) return
  await page.screenshot({
    path: join(shotsDir, `${device}-${name}.png`),
    fullPage: device.startsWith('desktop') && !name.includes('dialog') && !name.startsWith('create'),
    // Transitions (a dialog fading in, a menu opening) shot as they end, not midway.
    animations: 'disabled',
  })
}

import { mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Page } from '@playwright/test'

/** Where the screenshot journeys write (ignored by git). */
export const shotsDir = join(dirname(fileURLToPath(import.meta.url)), 'screenshots')
mkdirSync(shotsDir, { recursive: true })

/** Shoots the screen as it is now into `<device>-<name>.png`; a desktop page whole, a dialog or a phone as seen. */
export async function shoot(page: Page, device: string, name: string) {
  await page.screenshot({
    path: join(shotsDir, `${device}-${name}.png`),
    fullPage: device.startsWith('desktop') && !name.includes('dialog') && !name.startsWith('create'),
    // Transitions (a dialog fading in, a menu opening) shot as they end, not midway.
    animations: 'disabled',
  })
}

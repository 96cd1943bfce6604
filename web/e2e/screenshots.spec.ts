import { mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { test } from './test'
import { ADMIN, login } from './helpers'
import { screens } from './screens'

const dir = join(dirname(fileURLToPath(import.meta.url)), 'screenshots')
mkdirSync(dir, { recursive: true })

const devices = {
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  'desktop-dark': { viewport: { width: 1280, height: 800 }, colorScheme: 'dark' as const },
  'phone-dark': { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, colorScheme: 'dark' as const },
}

/** The dark theme is shot on the screens that show most of its surfaces. */
const darkScreens = new Set([
  'auth-login',
  'home-sponsorships',
  'home-requests-filter',
  'home-closed-shown',
  'listing-page-closed',
  'detail-dialog',
  'listing-page',
  'profile',
  'settings',
  'messages-thread',
  'admin',
])

for (const [device, options] of Object.entries(devices)) {
  test.describe(`screenshots on ${device}`, () => {
    test.use(options)

    test(`every screen (${device})`, async ({ page }) => {
      test.setTimeout(120_000)
      for (const signedIn of [false, true]) {
        if (signedIn) await login(page, ADMIN.username, ADMIN.password)
        for (const screen of screens.filter((s) => s.signedIn === signedIn && (!device.endsWith('-dark') || darkScreens.has(s.name)))) {
          await page.goto(screen.path)
          await screen.ready(page)
          await page.waitForTimeout(150)
          await page.screenshot({
            path: join(dir, `${device}-${screen.name}.png`),
            fullPage: device.startsWith('desktop') && !screen.name.includes('dialog') && !screen.name.startsWith('create'),
          })
        }
      }
    })
  })
}

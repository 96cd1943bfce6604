import { mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ADMIN, signIn } from './helpers'
import { groups, screens } from './screens'
import { test } from './test'

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

// Each group of screens is its own journey, independent of the others: spread over the workers.
test.describe.configure({ mode: 'parallel' })

for (const [device, options] of Object.entries(devices)) {
  test.describe(`screenshots on ${device}`, () => {
    test.use(options)

    for (const signedIn of [false, true]) {
      const shown = screens.filter((s) => s.signedIn === signedIn && (!device.endsWith('-dark') || darkScreens.has(s.name)))
      for (const group of groups(shown, 9)) {
        test(`${signedIn ? 'member' : 'visitor'} screens ${group.name} (${device})`, async ({ page }) => {
          // A group shoots up to nine screens: the single journey's limit would hold one screen's.
          test.setTimeout(120_000)
          if (signedIn) await signIn(page, ADMIN.username, ADMIN.password)
          for (const screen of group.screens) {
            await page.goto(screen.path)
            await screen.ready(page)
            await page.screenshot({
              path: join(dir, `${device}-${screen.name}.png`),
              fullPage: device.startsWith('desktop') && !screen.name.includes('dialog') && !screen.name.startsWith('create'),
              // Transitions (a dialog fading in, a menu opening) shot as they end, not midway.
              animations: 'disabled',
            })
          }
        })
      }
    }
  })
}

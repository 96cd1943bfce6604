import { ADMIN, signIn } from './helpers'
import { groups, screens } from './screens'
import { shoot, wanted } from './shots'
import { test } from './test'
import { visit } from './visit'

// The desktop shots (light and dark, every screen) are taken by the accessibility journeys as they
// scan each screen (a11y.spec.ts); these are the phone's.
const devices = {
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  'phone-dark': { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, colorScheme: 'dark' as const },
}

/** The dark theme is shot on the phone on the screens that show most of its surfaces. */
const darkScreens = new Set([
  'auth-login',
  'home-sponsorships',
  'home-requests-filter',
  'home-closed-shown',
  'listing-page-closed',
  'detail-dialog',
  'listing-page',
  'create-form-packages',
  'listing-page-packages',
  'offer-applications',
  'offer-applications-compare',
  'profile',
  'sponsorships',
  'settings',
  'settings-events',
  'create-form-criteria',
  'apply-dialog-questions',
  'offer-ineligible-dialog',
  'messages-thread',
  'admin',
])

// Each group of screens is its own journey, independent of the others: spread over the workers.
test.describe.configure({ mode: 'parallel' })

for (const [device, options] of Object.entries(devices)) {
  // Without the pictures (make test) the dark phone pass would only load screens the light phone
  // pass has already checked, in markup the dark desktop scan has checked for colours: it runs for
  // make screenshots alone.
  if (device.endsWith('-dark') && !wanted) continue
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
            await visit(page, screen)
            await shoot(page, device, screen.name)
          }
        })
      }
    }
  })
}

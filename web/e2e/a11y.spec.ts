import { seriousAxeFindings } from './axe'
import { ADMIN, signIn } from './helpers'
import { groups, screens } from './screens'
import { shoot } from './shots'
import { expect, test } from './test'

// The groups are independent (each signs in on its own page): spread over the workers.
test.describe.configure({ mode: 'parallel' })

// Every screen on the desktop, in both themes: axe scans it and, once scanned, it is shot for the
// screenshots folder (e2e/shots.ts; the phone's shots are screenshots.spec.ts). The light pass runs
// every rule; the dark pass the rules a theme can change (colours), the rest being the same markup.
for (const colorScheme of ['light', 'dark'] as const)
  test.describe(`accessibility (axe-core) and desktop screenshots, ${colorScheme} theme`, () => {
    test.use({ colorScheme })
    for (const signedIn of [false, true]) {
      const who = signedIn ? 'member' : 'visitor'
      for (const group of groups(
        screens.filter((s) => s.signedIn === signedIn),
        7,
      )) {
        test(`no serious or critical findings (${who} screens ${group.name}, ${colorScheme})`, async ({ page }) => {
          // A group scans up to seven screens: the single journey's limit would hold one screen's.
          test.setTimeout(120_000)
          if (signedIn) await signIn(page, ADMIN.username, ADMIN.password)
          const findings: string[] = []
          for (const screen of group.screens) {
            await page.goto(screen.path)
            await screen.ready(page)
            findings.push(
              ...(await seriousAxeFindings(page, `${screen.name} (${colorScheme})`, colorScheme === 'dark' ? 'colours' : 'all')),
            )
            await shoot(page, colorScheme === 'dark' ? 'desktop-dark' : 'desktop', screen.name)
          }
          expect(findings, findings.join('\n')).toEqual([])
        })
      }
    }
  })

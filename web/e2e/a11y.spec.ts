import { seriousAxeFindingsBothThemes } from './axe'
import { ADMIN, signIn } from './helpers'
import { groups, screens } from './screens'
import { shoot } from './shots'
import { expect, test } from './test'
import { visit } from './visit'

// The groups are independent (each signs in on its own page): spread over the workers.
test.describe.configure({ mode: 'parallel' })

// Every screen on the desktop, in both themes: axe scans it and, once scanned, it is shot for the
// screenshots folder (e2e/shots.ts; the phone's shots are screenshots.spec.ts). A screen is loaded
// once and scanned in both themes (e2e/axe.ts): every rule in the light one, the colour rules in the
// dark one, the rest being the same markup.
test.describe('accessibility (axe-core) and desktop screenshots, light and dark themes', () => {
  for (const signedIn of [false, true]) {
    const who = signedIn ? 'member' : 'visitor'
    for (const group of groups(
      screens.filter((s) => s.signedIn === signedIn),
      5,
    )) {
      test(`no serious or critical findings (${who} screens ${group.name})`, async ({ page }) => {
        // A group scans up to five screens twice: the single journey's limit would hold one screen's.
        test.setTimeout(120_000)
        if (signedIn) await signIn(page, ADMIN.username, ADMIN.password)
        const findings: string[] = []
        for (const screen of group.screens) {
          await visit(page, screen)
          findings.push(
            ...(await seriousAxeFindingsBothThemes(page, screen.name, (scheme) =>
              shoot(page, scheme === 'dark' ? 'desktop-dark' : 'desktop', screen.name),
            )),
          )
        }
        expect(findings, findings.join('\n')).toEqual([])
      })
    }
  }
})

import { seriousAxeFindings } from './axe'
import { ADMIN, signIn } from './helpers'
import { screens } from './screens'
import { expect, test } from './test'

// One journey a screen and theme, each on a fresh page: independent, so spread over the workers.
test.describe.configure({ mode: 'parallel' })

for (const colorScheme of ['light', 'dark'] as const)
  test.describe(`accessibility (axe-core), ${colorScheme} theme`, () => {
    test.use({ colorScheme })
    for (const screen of screens) {
      const who = screen.signedIn ? 'member' : 'visitor'
      test(`no serious or critical findings: ${screen.name} (${who}, ${colorScheme})`, async ({ page }) => {
        if (screen.signedIn) await signIn(page, ADMIN.username, ADMIN.password)
        await page.goto(screen.path)
        await screen.ready(page)
        const findings = await seriousAxeFindings(page, `${screen.name} (${colorScheme})`)
        expect(findings, findings.join('\n')).toEqual([])
      })
    }
  })

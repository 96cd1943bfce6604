import AxeBuilder from '@axe-core/playwright'
import { expect, test } from './test'
import { ADMIN, login } from './helpers'
import { screens } from './screens'

for (const colorScheme of ['light', 'dark'] as const)
  test.describe(`accessibility (axe-core), ${colorScheme} theme`, () => {
    test.use({ colorScheme })
    for (const signedIn of [false, true]) {
      test(`no serious or critical findings (${signedIn ? 'member' : 'visitor'} screens, ${colorScheme})`, async ({ page }) => {
        test.setTimeout(120_000)
        if (signedIn) await login(page, ADMIN.username, ADMIN.password)
        const findings: string[] = []
        for (const screen of screens.filter((s) => s.signedIn === signedIn)) {
          await page.goto(screen.path)
          await screen.ready(page)
          // dialogs fade in: colours read mid-transition are not the ones members see
          await page.waitForFunction(() =>
            Array.from(document.querySelectorAll('dialog[open], dialog[open] .modal-box')).every(
              (el) => getComputedStyle(el).opacity === '1',
            ),
          )
          const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze()
          for (const v of results.violations) {
            if (v.impact === 'serious' || v.impact === 'critical') {
              findings.push(
                `${screen.name} (${colorScheme}): [${v.impact}] ${v.id}: ${v.help} — ${v.nodes
                  .map((n) => n.target.join(' '))
                  .slice(0, 3)
                  .join(', ')}`,
              )
            }
          }
        }
        expect(findings, findings.join('\n')).toEqual([])
      })
    }
  })

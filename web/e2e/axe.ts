import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'

/** The rule sets every scan applies: WCAG 2.0 and 2.1, A and AA, and axe's best practices. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']

/**
 * The rules a colour theme can change (the rest read the markup, which is the same in both): a
 * screen scanned with every rule in one theme is scanned with these in the other.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block']

/**
 * Until every open dialog has faded in and no CSS transition is running (links and buttons fade
 * their colours when the theme switches under them): colours read mid-transition are not the ones
 * members see.
 */
async function settled(page: Page) {
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll('dialog[open], dialog[open] .modal-box')).every((el) => getComputedStyle(el).opacity === '1'),
  )
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a instanceof CSSTransition)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  )
}

/**
 * What AxeBuilder is to evaluate in the page before it scans: its own copy of axe-core (the
 * default, undefined) unless the document holds it already, from an earlier scan (the same page
 * scanned in the other theme, or the next screen visited inside the app, e2e/visit.ts); then a
 * statement that does nothing. AxeBuilder evaluates its 580 kB script twice a scan (once in the page,
 * once in each frame), each about 0.1-0.4 s; axe.run works on the document as it is at each run.
 */
async function axeSource(page: Page): Promise<string | undefined> {
  const present = await page.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function')
  return present ? ';' : undefined
}

/**
 * axe-core's serious and critical findings on the page as it is now, one line each, prefixed with
 * `what`. Legacy mode runs axe.run in the page itself instead of runPartial in each frame and then
 * finishRun in a new blank page that loads axe a second time: the same rules over the same
 * document, in about two thirds of the time (2.0 s instead of 3.3 s a screen on the 2-core machine).
 * It leaves out cross-origin frames, and the app has none.
 */
export async function seriousAxeFindings(page: Page, what: string, rules: 'all' | 'colours' = 'all'): Promise<string[]> {
  await settled(page)
  const builder = new AxeBuilder({ page, axeSource: await axeSource(page) }).setLegacyMode().options({ resultTypes: ['violations'] })
  const results = await (rules === 'all' ? builder.withTags(TAGS) : builder.withRules(COLOUR_RULES)).analyze()
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${what}: [${v.impact}] ${v.id}: ${v.help} — ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    )
}

/**
 * axe's serious and critical findings on the page now in both themes, loaded once: every rule in the
 * light theme, then, switched on the same page (the themes are CSS alone, src/index.css), the rules
 * a theme can change in the dark one; the page is left in the light theme. `after` runs once each
 * theme is scanned (to take its picture).
 */
export async function seriousAxeFindingsBothThemes(
  page: Page,
  what: string,
  after?: (colorScheme: 'light' | 'dark') => Promise<void>,
): Promise<string[]> {
  await page.emulateMedia({ colorScheme: 'light' })
  const light = await seriousAxeFindings(page, `${what} (light)`)
  await after?.('light')
  await page.emulateMedia({ colorScheme: 'dark' })
  const dark = await seriousAxeFindings(page, `${what} (dark)`, 'colours')
  await after?.('dark')
  await page.emulateMedia({ colorScheme: 'light' })
  return [...light, ...dark]
}

import { expect, type Page } from '@playwright/test'
import type { Screen } from './screens'
import { origin } from './test'

/**
 * The path every in-app visit passes through: a path no route has, so the not-found page shows it,
 * inside the shell, without a request.
 */
const between = '/e2e-between-screens'

/**
 * What the shell keeps across pages and a load would not show on the next one: its menus and
 * disclosures open (the avatar menu, the notifications, the side navigation's policies, opened on a
 * policy page), a dialog of its own (the test-mode checkout), a toast. A screen that leaves one of
 * them behind is followed by a full load, as every screen was before.
 */
const leftOpen = 'dialog[open], [aria-expanded="true"], [data-testid="toast"]'

/**
 * Moves the loaded app to `path` as its own links do (react-router follows the browser's history),
 * without loading the page again: the app's scripts do not boot again and its query cache stays.
 * The app is sent to the not-found page first, so that the page of the screen before it is gone
 * (its own state, its dialogs, its forms: the next page mounts afresh, as after a load) and the next
 * screen's `ready` cannot pass on what the screen before it showed. Answers false, leaving the page
 * on the not-found page, when something is still open there (`leftOpen`).
 */
async function navigateInApp(page: Page, path: string): Promise<boolean> {
  const go = (to: string) =>
    page.evaluate((to) => {
      ;(document.activeElement as HTMLElement | null)?.blur?.()
      window.scrollTo(0, 0)
      // The state react-router's history writes itself (a key, its index), then the event it
      // follows: a POP to where the browser is now, as after Back or Forward.
      const idx = ((history.state as { idx?: number } | null)?.idx ?? 0) + 1
      history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx }, '', to)
      window.dispatchEvent(new PopStateEvent('popstate', { state: history.state }))
    }, to)
  await go(between)
  await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible()
  if ((await page.locator(leftOpen).count()) > 0) return false
  await go(path)
  return true
}

/**
 * Shows `screen` (see `Screen`): in the app already loaded when there is one, else by loading it
 * (a full load boots the app again, about 0.8 s of a core).
 */
export async function visit(page: Page, screen: Screen) {
  const path = typeof screen.path === 'string' ? screen.path : await screen.path(page)
  const loaded = page.url().startsWith(`${origin()}/`)
  if (!loaded || !(await navigateInApp(page, path))) await page.goto(path)
  await screen.ready(page)
}

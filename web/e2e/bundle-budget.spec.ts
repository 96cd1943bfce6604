import { expect, test } from './test'
import { countTransfers, kb, settle } from './first-screen'
import { registerMember } from './helpers'

/**
 * The budget of /home's first screen as transferred (docs/web/bundle-size.md): every script and
 * style sheet a first visit fetches until its cards show and the page is quiet, headers included.
 */
const BUDGET = { js: 120_000, css: 20_000 }

test('the first screen of /home stays within its transfer budget', async ({ page }) => {
  await registerMember(page, 'Budget Watcher')
  const { transferred, lastFinish } = await countTransfers(page)

  await page.goto('/home')
  await expect(page.getByTestId('listing-card').first()).toBeVisible()
  await settle(lastFinish)

  const report = transferred.files.map((f) => `${f.url} ${f.bytes} ${f.encoding || 'identity'}`).join('\n')
  test.info().annotations.push({ type: 'transferred', description: `JS ${kb(transferred.js)}, CSS ${kb(transferred.css)}\n${report}` })
  console.log(`/home first screen: JS ${kb(transferred.js)}, CSS ${kb(transferred.css)}, other ${kb(transferred.other)}\n${report}`)
  expect(transferred.js, `JavaScript transferred (budget ${kb(BUDGET.js)})`).toBeLessThanOrEqual(BUDGET.js)
  expect(transferred.css, `CSS transferred (budget ${kb(BUDGET.css)})`).toBeLessThanOrEqual(BUDGET.css)
})

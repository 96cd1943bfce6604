import { expect, test } from './test'
import { startSecondServer } from './server'

/**
 * "Load more" walks the list with keyset cursors: on its own server (so the shared demo data stays as
 * the other journeys expect it), the administrator posts 30 offers; the member pages through them all,
 * each exactly once, and a listing posted meanwhile does not shift or repeat the pages already shown.
 */
let server: Awaited<ReturnType<typeof startSecondServer>>
const PASSWORD = 'demo-pass-123'

test.beforeAll(async () => {
  server = await startSecondServer({ DEMO_MODE: 'true', DEMO_PASSWORD: PASSWORD })
})
test.afterAll(async () => {
  await server?.stop()
})

test('Load more pages through every match once, in order, with cursors', async ({ page }) => {
  await page.goto(`${server.origin}/auth`)
  await page.getByLabel('Username').fill('admin')
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await expect(page).toHaveURL(/\/home$/)

  const post = async (title: string) => {
    const res = await page.request.post(`${server.origin}/api/sponsorships`, {
      headers: { Origin: server.origin },
      data: { title, description: 'Prize money for the paging drill.', amount: 100, categories: ['Community'], location: '' },
    })
    expect(res.status(), await res.text()).toBe(201)
  }
  for (let i = 1; i <= 30; i++) await post(`Paging drill ${String(i).padStart(2, '0')}`)

  await page.goto(`${server.origin}/home?q=${encodeURIComponent('paging drill')}`)
  const panel = page.getByRole('tabpanel', { name: 'Open Sponsorships' })
  const cards = panel.getByTestId('listing-card')
  await expect(cards).toHaveCount(12)
  await expect(panel.getByText('Showing 12 of 30')).toBeVisible()
  await expect(cards.first()).toContainText('Paging drill 30')

  const requests: string[] = []
  page.on('request', (r) => {
    if (r.url().includes('/api/sponsorships?')) requests.push(r.url())
  })
  // Posted after the first page: the next pages continue after the last card shown.
  await post('Paging drill 31')
  await panel.getByRole('button', { name: 'Load more' }).click()
  await expect(cards).toHaveCount(24)
  await panel.getByRole('button', { name: 'Load more' }).click()
  await expect(cards).toHaveCount(30)
  await expect(panel.getByRole('button', { name: 'Load more' })).toHaveCount(0)
  expect(requests.length).toBe(2)
  expect(requests.every((u) => new URL(u).searchParams.has('cursor'))).toBe(true)

  const titles = await cards.locator('h3').allTextContents()
  const expected = Array.from({ length: 30 }, (_, i) => `Paging drill ${String(30 - i).padStart(2, '0')}`)
  expect(titles.map((t) => t.trim())).toEqual(expected)

  // A fresh look includes the new one.
  await page.reload()
  await expect(cards.first()).toContainText('Paging drill 31')
  await expect(panel.getByText('Showing 12 of 31')).toBeVisible()
})

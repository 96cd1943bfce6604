import { expect, test, origin } from './test'
import { ADMIN, registerMember, signIn } from './helpers'

test('visitor pages log no console errors (nobody signed in is not an error)', async ({ page }) => {
  const errors: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text())
  })
  for (const path of ['/', '/auth', '/auth?tab=register', '/policies/privacy-policy', '/about-us']) {
    await page.goto(path)
    await expect(page.locator('h1').first()).toBeVisible()
  }
  expect(errors).toEqual([])
})

test('a burst of live messages aborts no requests', async ({ page, browser }) => {
  await signIn(page, ADMIN.username, ADMIN.password)
  const admin = await page.request.get('/api/user')
  const adminId = ((await admin.json()) as { id: string }).id

  const other = await (await browser.newContext()).newPage()
  await registerMember(other, 'Quick Typist')
  const started = await other.request.post('/api/conversations', { data: { userId: adminId }, headers: { Origin: origin() } })
  const { id } = (await started.json()) as { id: string }

  await page.goto(`/messages?c=${id}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible()
  const failed: string[] = []
  page.on('requestfailed', (r) => failed.push(`${r.url()} ${r.failure()?.errorText}`))
  for (let i = 0; i < 8; i++) {
    await other.request.post(`/api/conversations/${id}/messages`, { data: { body: `Line ${i}` }, headers: { Origin: origin() } })
  }
  await expect(page.getByTestId('message').filter({ hasText: 'Line 7' })).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(failed.filter((f) => f.includes('/api/'))).toEqual([])
})

test('live messages arriving while a refetch is on its way abort nothing', async ({ page, browser }) => {
  await signIn(page, ADMIN.username, ADMIN.password)
  const adminId = ((await (await page.request.get('/api/user')).json()) as { id: string }).id
  const other = await (await browser.newContext()).newPage()
  await registerMember(other, 'Slow Line')
  const started = await other.request.post('/api/conversations', { data: { userId: adminId }, headers: { Origin: origin() } })
  const { id } = (await started.json()) as { id: string }

  await page.goto(`/messages?c=${id}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible()
  // A slow network: every refetch takes 600 ms, so each new line arrives while the last is on its way.
  await page.route('**/api/**', async (route) => {
    if (route.request().method() === 'GET') await new Promise((r) => setTimeout(r, 600))
    await route.continue().catch(() => undefined)
  })
  const failed: string[] = []
  page.on('requestfailed', (r) => failed.push(`${r.url()} ${r.failure()?.errorText}`))
  page.on('console', (m) => {
    if (m.text().includes('ERR_ABORTED')) failed.push(m.text())
  })
  const thread = `/api/conversations/${id}/messages`
  for (let i = 0; i < 5; i++) {
    // the refetch this line sets off, held 600 ms: the next line arrives while it is on its way
    const refetch = page.waitForRequest((r) => r.method() === 'GET' && new URL(r.url()).pathname === thread)
    await other.request.post(`/api/conversations/${id}/messages`, { data: { body: `Slow ${i}` }, headers: { Origin: origin() } })
    await refetch
  }
  await expect(page.getByTestId('message').filter({ hasText: 'Slow 4' })).toBeVisible({ timeout: 15_000 })
  await page.waitForLoadState('networkidle')
  expect(failed).toEqual([])
})

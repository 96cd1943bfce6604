import { expect, test, origin } from './test'
import { ADMIN, expectToast, postRequest, registerMember, signIn, uniqueName } from './helpers'
import { superuserToken } from './superuser'

/** The village hall's request, as the tests here post it. */
const hall = { description: 'Chairs for the village hall.', requestedAmount: 300, categories: ['Community'] }

test('closing a request from its detail dialog updates the dialog as well as the card', async ({ page }) => {
  await signIn(page, ADMIN.username, ADMIN.password)
  const title = uniqueName('Hall chairs ')
  await postRequest(page, title, hall)
  // With closed listings shown, so that the card stays in the list once closed.
  await page.goto(`/home?tab=requests&show=all&q=${encodeURIComponent(title)}`)
  await page.getByRole('article', { name: title }).click()
  const dialog = page.getByRole('dialog', { name: title })
  await expect(dialog.locator('dl').getByText('Open', { exact: true })).toBeVisible()
  await dialog.getByRole('button', { name: 'Close request' }).click()
  const confirm = page.getByRole('dialog', { name: 'Close this request?' })
  await expect(confirm.getByText('It will no longer take sponsors. You can reopen it later.')).toBeVisible()
  await confirm.getByRole('button', { name: 'Close request' }).click()
  await expectToast(page, 'Request closed')
  // The toast takes its own room in the dialog: it covers none of the dialog's controls.
  const toastBox = (await page.getByTestId('toast').boundingBox())!
  for (const control of await dialog.getByRole('button').all()) {
    if (!(await control.isVisible()) || (await page.getByTestId('toast').getByRole('button').all()).length === 0) continue
    const b = await control.boundingBox()
    if (!b || (await control.evaluate((el) => !!el.closest('[data-testid="toast"]')))) continue
    const overlaps =
      b.x < toastBox.x + toastBox.width && toastBox.x < b.x + b.width && b.y < toastBox.y + toastBox.height && toastBox.y < b.y + b.height
    expect(overlaps, `the toast covers "${await control.textContent()}"`).toBe(false)
  }
  await expect(dialog.locator('dl').getByText('Closed', { exact: true })).toBeVisible()
  await expect(dialog.locator('dl').getByText('Open', { exact: true })).toHaveCount(0)
  await dialog.getByRole('button', { name: 'Close', exact: true }).click()
  await expect(page.getByRole('article', { name: title }).locator('.badge', { hasText: 'Closed' })).toBeVisible()
  await expect(page.getByRole('article', { name: title }).getByTestId('closed-reason')).toHaveText('Closed by the poster')
})

test('the list can be sorted by amount, and the sort is kept in the URL', async ({ page }) => {
  await signIn(page, ADMIN.username, ADMIN.password)
  await page.goto('/home')
  await page.getByLabel('Sort by').selectOption({ label: 'Amount: high to low' })
  await expect(page).toHaveURL(/sort=amount_desc/)
  const panel = page.locator('#listing-panel-sponsorships')
  await expect(panel.getByRole('article').first()).toBeVisible()
  const amounts = async () => (await panel.getByTestId('listing-amount').allTextContents()).map((t) => Number(t.replace(/[^0-9]/g, '')))
  await expect
    .poll(async () => {
      const a = await amounts()
      return a.length > 1 && a.every((v, i) => i === 0 || a[i - 1] >= v)
    })
    .toBe(true)
  await page.getByLabel('Sort by').selectOption({ label: 'Amount: low to high' })
  await expect(page).toHaveURL(/sort=amount_asc/)
  await expect
    .poll(async () => {
      const a = await amounts()
      return a.length > 1 && a.every((v, i) => i === 0 || a[i - 1] <= v)
    })
    .toBe(true)
  await page.reload()
  await expect(page.getByLabel('Sort by')).toHaveValue('amount_asc')
})

test('a list that failed to load offers Retry', async ({ page }) => {
  await signIn(page, ADMIN.username, ADMIN.password)
  let failing = true
  await page.route('**/api/sponsorships?*', (route) =>
    failing ? route.fulfill({ status: 503, body: '{"message":"down","status":503,"data":{}}' }) : route.continue(),
  )
  await page.goto('/home?q=garden')
  const panel = page.locator('#listing-panel-sponsorships')
  await expect(panel.getByRole('button', { name: 'Retry' })).toBeVisible({ timeout: 15_000 })
  failing = false
  await panel.getByRole('button', { name: 'Retry' }).click()
  await expect(panel.getByRole('article', { name: 'Community garden starter grants' })).toBeVisible()
})

test('a page of cards is one request: no call per card for the member’s applications', async ({ page }) => {
  await signIn(page, ADMIN.username, ADMIN.password)
  const cards = page.locator('#listing-panel-sponsorships').getByRole('article')
  const calls: string[] = []
  page.on('request', (r) => {
    const url = new URL(r.url())
    if (url.pathname.startsWith('/api/')) calls.push(url.pathname)
  })
  await page.goto('/home')
  await expect(cards.first()).toBeVisible()
  // an offer the administrator may apply to (other journeys on this server post offers with rules they fail)
  await expect(page.locator('#listing-panel-sponsorships').getByRole('button', { name: 'Apply', disabled: false }).first()).toBeVisible()
  expect(calls.filter((p) => p === '/api/applications')).toEqual([])
  expect(calls.filter((p) => p === '/api/sponsorships')).toHaveLength(1)
})

test('a poster edits a rejected listing: it stays hidden from others until an administrator approves it', async ({ page, browser }) => {
  test.setTimeout(60_000)
  await signIn(page, ADMIN.username, ADMIN.password)
  const title = uniqueName('Theatre grants ')
  const created = await page.request.post('/api/sponsorships', {
    data: { title, description: 'Travel grants for theatre groups.', amount: 500, location: 'Kochi, India', categories: ['Arts'] },
    headers: { Origin: origin() },
  })
  const { id } = (await created.json()) as { id: string }
  const rejected = await page.request.post(`/api/admin/listings/sponsorships/${id}/reject`, {
    data: { reason: 'Say who can apply' },
    headers: { Origin: origin() },
  })
  expect(rejected.status()).toBe(200)

  // The poster opens it from their profile (the card shows the reason) and edits it through the posting form.
  await page.goto('/profile')
  const card = page.getByRole('article', { name: title })
  await expect(card.getByText('Rejected: Say who can apply')).toBeVisible()
  await card.click()
  const dialog = page.getByRole('dialog', { name: title })
  await dialog.getByRole('button', { name: 'Edit' }).click()
  const form = page.getByRole('dialog', { name: 'Edit Open Sponsorship' })
  await expect(form.getByLabel('Title')).toHaveValue(title)
  await form.getByLabel('Description').fill('Travel grants for amateur theatre groups in Kerala; any group of five or more can apply.')
  await form.getByRole('button', { name: 'Save changes' }).click()
  await expectToast(page, 'Listing updated')
  await expect(form).toBeHidden()
  await expect(dialog.getByText('any group of five or more can apply')).toBeVisible()

  // Another member cannot see it yet.
  const other = await (await browser.newContext()).newPage()
  await registerMember(other, 'Curious Member')
  await other.goto(`/listings/sponsorships/${id}`)
  await expect(other.getByRole('heading', { name: 'Listing not found' })).toBeVisible()

  // The administrator finds it in the queue and approves it; now everyone sees it.
  await page.goto('/admin')
  const row = page.getByTestId('moderation-row').filter({ hasText: title })
  await expect(row.getByText('Pending', { exact: true })).toBeVisible()
  await row.getByRole('button', { name: 'Approve' }).click()
  await expect(row).toHaveCount(0) // approved listings leave the queue
  await other.goto(`/listings/sponsorships/${id}`)
  await expect(other.getByRole('heading', { level: 1, name: title })).toBeVisible()
})

test('an offer closes after a confirmation, refuses applications, and reopens', async ({ page, browser }) => {
  await signIn(page, ADMIN.username, ADMIN.password)
  const title = uniqueName('Robot kits ')
  const created = await page.request.post('/api/sponsorships', {
    data: { title, description: 'Kits for school robotics clubs.', amount: 400, location: 'Pune, India', categories: ['Education'] },
    headers: { Origin: origin() },
  })
  const { id } = (await created.json()) as { id: string }

  const member = await (await browser.newContext()).newPage()
  await registerMember(member, 'Club Lead')
  await member.goto(`/home?q=${encodeURIComponent(title)}`)
  await expect(member.getByRole('article', { name: title }).getByRole('button', { name: 'Apply' })).toBeEnabled()

  await page.goto(`/listings/sponsorships/${id}`)
  await page.getByRole('button', { name: 'Close offer' }).click()
  const confirm = page.getByRole('dialog', { name: 'Close this offer?' })
  await confirm.getByRole('button', { name: 'Close offer' }).click()
  await expectToast(page, 'Offer closed')
  await expect(page.getByRole('button', { name: 'Reopen offer' })).toBeVisible()
  await expect(page.locator('dl').getByText('Closed', { exact: true })).toBeVisible()

  // Browse leaves it out; with closed listings shown the card says closed and why.
  await member.reload()
  await expect(member.getByText('No sponsorships found. Try adjusting your filters or create a new one.')).toBeVisible()
  await member.goto(`/home?show=all&q=${encodeURIComponent(title)}`)
  const card = member.getByRole('article', { name: title })
  await expect(card.locator('.badge', { hasText: 'Closed' })).toBeVisible()
  await expect(card.getByTestId('closed-reason')).toHaveText('Closed by the poster')
  await expect(card.getByRole('button', { name: 'Closed' })).toBeDisabled()
  const refused = await member.request.post(`/api/sponsorships/${id}/apply`, { data: { message: 'Please' }, headers: { Origin: origin() } })
  expect(refused.status()).toBe(409)
  expect(await refused.text()).toContain('This sponsorship is closed and no longer takes applications.')

  await page.getByRole('button', { name: 'Reopen offer' }).click()
  await expectToast(page, 'Offer reopened')
  await member.goto(`/home?q=${encodeURIComponent(title)}`)
  await expect(member.getByRole('article', { name: title }).getByRole('button', { name: 'Apply' })).toBeEnabled()
})

test('each side of an application reads its own note and link in the conversation', async ({ page, browser }) => {
  await signIn(page, ADMIN.username, ADMIN.password)
  const title = uniqueName('Choir robes ')
  const created = await page.request.post('/api/sponsorships', {
    data: { title, description: 'Robes for a community choir.', amount: 300, location: '', categories: ['Arts'] },
    headers: { Origin: origin() },
  })
  const { id } = (await created.json()) as { id: string }

  const member = await (await browser.newContext()).newPage()
  const who = await registerMember(member, 'Choir Lead')
  const applied = await member.request.post(`/api/sponsorships/${id}/apply`, { data: {}, headers: { Origin: origin() } })
  const { conversationId } = (await applied.json()) as { conversationId: string }

  await member.goto(`/messages?c=${conversationId}`)
  const mine = member.getByTestId('system-message').filter({ hasText: title })
  await expect(mine).toContainText(`You applied for the sponsorship “${title}”.`)
  await mine.getByRole('link', { name: 'View your applications' }).click()
  await expect(member).toHaveURL(/\/profile#my-applications$/)
  await expect(member.getByRole('heading', { name: 'My applications' })).toBeInViewport()

  await page.goto(`/messages?c=${conversationId}`)
  const theirs = page.getByTestId('system-message').filter({ hasText: title })
  await expect(theirs).toContainText(`${who.displayName} applied for your sponsorship “${title}”.`)
  await expect(theirs.getByRole('link', { name: 'View applications' })).toHaveAttribute('href', '/profile#received-applications')
})

test("a past event's request: its poster changes the event date to reopen it, never a Reopen that fails", async ({ page, browser }) => {
  test.setTimeout(60_000)
  await signIn(page, ADMIN.username, ADMIN.password)
  const title = uniqueName('Harvest stalls ')
  const id = await postRequest(page, title, { ...hall, eventDate: '2027-03-01' })
  // Time passes: an operator moves the event date three days back (the close job has not run yet).
  const past = new Date(Date.now() - 3 * 24 * 3600 * 1000).toISOString().slice(0, 10)
  const moved = await page.request.patch(`/api/collections/sponsorship_requests/records/${id}`, {
    data: { eventDate: `${past} 00:00:00.000Z` },
    headers: { Authorization: await superuserToken(page.request), Origin: origin() },
  })
  expect(moved.status(), await moved.text()).toBe(200)

  await page.goto(`/listings/requests/${id}`)
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(page.locator('dl').getByTestId('closed-reason')).toHaveText('Event date passed')
  await expect(page.getByRole('button', { name: /^Reopen/ })).toHaveCount(0)
  await page.getByRole('button', { name: 'Change the event date to reopen' }).click()
  const form = page.getByRole('dialog', { name: 'Edit Sponsorship Request' })
  await expect(form).toContainText('saving reopens the request')
  await expect(form.getByLabel('Event Date (optional)')).toHaveValue(past)
  const next = new Date(Date.now() + 20 * 24 * 3600 * 1000).toISOString().slice(0, 10)
  await form.getByLabel('Event Date (optional)').fill(next)
  await form.getByRole('button', { name: 'Save changes' }).click()
  await expectToast(page, 'Request reopened')
  await expect(form).toBeHidden()
  await expect(page.locator('dl').getByText('Open', { exact: true })).toBeVisible()
  await expect(page.locator('dl').getByTestId('closed-reason')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Close request' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Change the event date to reopen' })).toHaveCount(0)

  // Others find it again in the default list, and can sponsor it.
  const member = await (await browser.newContext()).newPage()
  await registerMember(member, 'Stall Keeper')
  await member.goto(`/home?tab=requests&q=${encodeURIComponent(title)}`)
  await expect(member.getByRole('article', { name: title }).getByRole('button', { name: 'Sponsor' })).toBeEnabled()
})

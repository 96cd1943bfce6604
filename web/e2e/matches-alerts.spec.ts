import { type Browser, type Page } from '@playwright/test'
import { expect, test, origin } from './test'
import { ADMIN, expectToast, postRequest, registerMember, signIn, uniqueName } from './helpers'
import { readCode, readMail } from './mailbox'
import { superuserToken } from './superuser'

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage()
}

/** A member with a proven e-mail address (code from the development mailbox), signed in. */
async function memberWithMail(browser: Browser, name: string) {
  const page = await newPage(browser)
  const member = await registerMember(page, name)
  const email = `${member.username}@example.com`
  const headers = { Origin: origin() }
  expect((await page.request.post('/api/user/email', { data: { email }, headers })).status()).toBe(200)
  const code = await readCode(email)
  const confirmed = await page.request.post('/api/user/email/confirm', { data: { code }, headers })
  expect(confirmed.status(), await confirmed.text()).toBe(200)
  // Confirming the new address keeps the member signed in.
  expect((await page.request.get('/api/user')).status()).toBe(200)
  return { page, member, email }
}

/** The robotics club's request, as the tests here post it (its words are what the searches match). */
const club = { description: 'Kits and a coach for a school robotics club.' }

test('a saved search alerts its owner live and by e-mail when another member posts a match', async ({ browser }) => {
  test.setTimeout(90_000)
  const keyword = uniqueName('robotix')
  const { page: watcher, email } = await memberWithMail(browser, 'Alert Watcher')

  // The watcher searches requests for the keyword in Education and saves the search.
  await watcher.goto(`/home?tab=requests&q=${keyword}`)
  await watcher.getByRole('button', { name: 'Filter' }).click()
  await watcher.getByRole('form', { name: 'Filter listings' }).getByLabel('Education').check()
  await watcher.getByRole('button', { name: 'Apply Filters' }).click()
  await watcher.getByRole('button', { name: 'Save search' }).click()
  const dialog = watcher.getByRole('dialog', { name: 'Save this search' })
  await expect(dialog.getByLabel('Name')).toHaveValue(`${keyword} · Education`)
  await expect(dialog.getByText(`Sponsorship Requests matching “${keyword}”, in Education`)).toBeVisible()
  await dialog.getByLabel('Name').fill('Robot clubs')
  await dialog.getByRole('button', { name: 'Save search' }).click()
  await expectToast(watcher, 'Search saved')

  // Another member (the administrator, in another browser) posts a matching request.
  const poster = await newPage(browser)
  await signIn(poster, ADMIN.username, ADMIN.password)
  const title = `Robotics club ${keyword}`
  const id = await postRequest(poster, title, club)

  // The watcher's bell lights up without a reload; the alert opens the listing's page.
  const bell = watcher.getByRole('button', { name: /Notifications, \d+ unread/ })
  await expect(bell).toBeVisible()
  await bell.click()
  await watcher
    .getByRole('region', { name: 'Notifications' })
    .getByRole('button', { name: /New listing for “Robot clubs”/ })
    .click()
  await expect(watcher).toHaveURL(new RegExp(`/listings/requests/${id}$`))
  await expect(watcher.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(watcher).toHaveTitle(`${title} · SponsorBridge`)
  await expect(watcher.getByRole('heading', { name: 'Best matches' })).toBeVisible()

  // The e-mail is in the development mailbox, with its one-click unsubscribe.
  const mail = await readMail(email, 'New listing for your saved search “Robot clubs”')
  expect(mail.text).toContain(`/listings/requests/${id}`)
  expect(mail.headers?.['List-Unsubscribe']).toMatch(/\/api\/email\/unsubscribe\?/)
  expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')

  // Settings: pause, rename and delete the search; switch alert e-mails off.
  await watcher.goto('/settings')
  const card = watcher.getByRole('region', { name: 'Saved searches' })
  const row = card.getByTestId('saved-search').filter({ hasText: 'Robot clubs' })
  await expect(row).toContainText(`Sponsorship Requests matching “${keyword}”, in Education`)
  await row.getByRole('button', { name: 'Pause' }).click()
  await expect(row.getByText('Paused')).toBeVisible()
  await row.getByRole('button', { name: 'Rename' }).click()
  const rename = watcher.getByRole('dialog', { name: 'Rename saved search' })
  await rename.getByLabel('Name').fill('Robotics, paused')
  await rename.getByRole('button', { name: 'Save' }).click()
  await expect(card.getByRole('link', { name: 'Robotics, paused' })).toBeVisible()

  const emails = watcher.getByRole('region', { name: 'E-mail notifications' })
  const alerts = emails.getByRole('checkbox', { name: /Saved search alerts/ })
  await expect(alerts).toBeChecked()
  await alerts.uncheck()
  await expectToast(watcher, 'E-mails about saved search alerts are off')
  await watcher.reload()
  await expect(
    watcher.getByRole('region', { name: 'E-mail notifications' }).getByRole('checkbox', { name: /Saved search alerts/ }),
  ).not.toBeChecked()

  const again = watcher.getByRole('region', { name: 'Saved searches' }).getByTestId('saved-search').filter({ hasText: 'Robotics, paused' })
  await again.getByRole('button', { name: 'Delete' }).click()
  await watcher.getByRole('dialog', { name: 'Delete saved search?' }).getByRole('button', { name: 'Delete' }).click()
  await expect(watcher.getByText('You have no saved searches yet.')).toBeVisible()
})

test('a request whose event date has passed reads closed and cannot be sponsored', async ({ browser }) => {
  const poster = await newPage(browser)
  await signIn(poster, ADMIN.username, ADMIN.password)
  const title = uniqueName('Harvest fair ')
  const id = await postRequest(poster, title, { ...club, eventDate: '2027-01-15' })

  // Time passes: an operator moves the event date three days into the past.
  const token = await superuserToken(poster.request)
  const past = new Date(Date.now() - 3 * 24 * 3600 * 1000).toISOString().slice(0, 10)
  const moved = await poster.request.patch(`/api/collections/sponsorship_requests/records/${id}`, {
    data: { eventDate: `${past} 00:00:00.000Z` },
    headers: { Authorization: token, Origin: origin() },
  })
  expect(moved.status(), await moved.text()).toBe(200)

  const viewer = await newPage(browser)
  await registerMember(viewer, 'Fair Goer')
  await viewer.goto(`/listings/requests/${id}`)
  await expect(viewer.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(viewer.getByRole('button', { name: 'Closed' })).toBeDisabled()
  await expect(viewer.locator('dl').getByText('Closed', { exact: true })).toBeVisible()

  await expect(viewer.locator('dl').getByTestId('closed-reason')).toHaveText('Event date passed')
  // Its matches promise no alert: they say why there are none.
  const matches = viewer.getByTestId('matches')
  await expect(matches).toContainText('The event date has passed, so this request has no matches and no match alerts.')
  await expect(matches).not.toContainText('We will tell you')

  // Browse leaves it out; with closed listings shown its card says closed and why. The server
  // refuses a sponsorship and leaves it out of open requests.
  await viewer.goto(`/home?tab=requests&q=${encodeURIComponent(title)}`)
  await expect(viewer.getByText('No sponsorship requests found. Try adjusting your filters or create a new one.')).toBeVisible()
  await viewer.goto(`/home?tab=requests&show=all&q=${encodeURIComponent(title)}`)
  const card = viewer.getByRole('article', { name: title })
  await expect(card.locator('.badge', { hasText: 'Closed' })).toBeVisible()
  await expect(card.getByTestId('closed-reason')).toHaveText('Event date passed')
  await expect(card.getByRole('button', { name: 'Closed' })).toBeDisabled()
  const open = await viewer.request.get(`/api/sponsorship-requests?status=open&q=${encodeURIComponent(title)}`)
  expect(await open.json()).toEqual([])
  const sponsor = await viewer.request.post(`/api/sponsorship-requests/${id}/sponsor`, { data: {}, headers: { Origin: origin() } })
  expect(sponsor.status()).toBe(409)
  expect(await sponsor.text()).toContain("This request's event date has passed; it can no longer be sponsored.")
})

test('the verified-only and reliable-only switches keep only those posters, in the URL and the filter dot', async ({ page }) => {
  await registerMember(page, 'Trust Seeker')
  await page.goto('/home')
  const panel = page.locator('#listing-panel-sponsorships')
  await expect(panel.getByRole('article').first()).toBeVisible()
  await expect(panel.getByLabel('Unverified member').first()).toBeVisible()
  await expect(page.getByTestId('filter-dot')).toHaveCount(0)

  await page.getByRole('button', { name: 'Filter' }).click()
  await page.getByRole('checkbox', { name: /Verified posters only/ }).check()
  await page.getByRole('button', { name: 'Apply Filters' }).click()
  await expect(page).toHaveURL(/verified=true/)
  await expect(page.getByTestId('filter-dot')).toBeVisible()
  await expect(panel.getByRole('article').first()).toBeVisible()
  await expect(panel.getByLabel('Unverified member')).toHaveCount(0)
  const cards = await panel.getByRole('article').count()
  await expect(panel.getByLabel('Verified member')).toHaveCount(cards)

  // Kept in the URL: a reload shows the same.
  await page.reload()
  await expect(page.getByTestId('filter-dot')).toBeVisible()
  await expect(panel.getByLabel('Unverified member')).toHaveCount(0)

  // Reliable posters only: nobody here has completed three deals yet, so nothing is left, and it
  // stays in the URL beside verified.
  await page.getByRole('button', { name: 'Filter' }).click()
  await page.getByRole('checkbox', { name: /Reliable posters only/ }).check()
  await page.getByRole('button', { name: 'Apply Filters' }).click()
  await expect(page).toHaveURL(/verified=true/)
  await expect(page).toHaveURL(/reliable=true/)
  await expect(panel.getByText('No sponsorships found. Try adjusting your filters or create a new one.')).toBeVisible()

  // The profile explains what verified means.
  await page.goto('/profile')
  await expect(page.getByTestId('verified-explained')).toContainText('add your social media links in Settings')
})

test('a shared listing link: a visitor signs in and lands on the listing', async ({ browser }) => {
  const poster = await newPage(browser)
  await signIn(poster, ADMIN.username, ADMIN.password)
  const title = uniqueName('Shared link ')
  const id = await postRequest(poster, title, club)

  const visitor = await newPage(browser)
  await visitor.goto(`/listings/requests/${id}`)
  await expect(visitor).toHaveURL(/\/auth$/)
  await expect(visitor.locator('meta[property="og:title"]')).toHaveAttribute('content', /SponsorBridge/)
  await visitor.getByLabel('Username').fill(ADMIN.username)
  await visitor.getByLabel('Password').fill(ADMIN.password)
  await visitor.getByRole('button', { name: 'Login', exact: true }).click()
  await expect(visitor).toHaveURL(new RegExp(`/listings/requests/${id}$`))
  await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible()
})

import { type Browser, type Page } from '@playwright/test'
import { expect, test, origin } from './test'
import { ADMIN, expectToast, registerMember, signIn, uniqueName } from './helpers'

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext()
  return context.newPage()
}

async function adminPage(browser: Browser): Promise<Page> {
  const page = await newPage(browser)
  await signIn(page, ADMIN.username, ADMIN.password)
  return page
}

/** Posts a listing as the signed-in administrator (exempt from the subscription). */
async function post(page: Page, kind: 'sponsorships' | 'sponsorship-requests', title: string): Promise<string> {
  const base = { title, description: 'A listing made by the connect journey.', location: 'Pune, India', categories: ['Education'] }
  const data = kind === 'sponsorships' ? { ...base, amount: 400 } : { ...base, requestedAmount: 750, eventDate: '' }
  const response = await page.request.post(`/api/${kind}`, { data, headers: { Origin: origin() } })
  expect(response.status(), await response.text()).toBe(201)
  return ((await response.json()) as { id: string }).id
}

/** Opens path and waits until the page's realtime subscription is in place. */
async function openLive(page: Page, path: string) {
  const listening = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/realtime')
  await page.goto(path)
  await listening
}

async function memberPage(browser: Browser, name: string) {
  const page = await newPage(browser)
  const member = await registerMember(page, name)
  return { page, member }
}

test('apply: the poster sees it live in Messages, replies, and the applicant sees the reply live', async ({ browser }) => {
  test.setTimeout(90_000)
  const title = uniqueName('Robotics kits ')
  const a = await adminPage(browser)
  await post(a, 'sponsorships', title)
  await a.goto('/messages')
  await expect(a.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible()

  const { page: b, member } = await memberPage(browser, uniqueName('Bina '))
  await b.goto(`/home?q=${encodeURIComponent(title)}`)
  const card = b.getByRole('article', { name: title })
  await card.getByRole('button', { name: 'Apply' }).click()
  const dialog = b.getByRole('dialog', { name: 'Apply for Sponsorship' })
  await dialog.getByLabel('Message to the sponsor (optional)').fill('We run a robotics club for 30 kids.')
  await dialog.getByRole('button', { name: 'Submit' }).click()
  await expectToast(b, 'Application submitted')
  await expect(card.getByRole('button', { name: 'Applied' })).toBeDisabled()

  // A never reloads: the conversation, its preview and the badges arrive through realtime.
  const item = a.getByTestId('conversation-item').filter({ hasText: member.displayName })
  await expect(item).toContainText('We run a robotics club for 30 kids.')
  await expect(item.getByTestId('unread-badge')).toBeVisible()
  await expect(a.getByRole('navigation', { name: 'Main' }).getByTestId('unread-badge')).toBeVisible()

  const conversations = await b.request.get('/api/conversations')
  const conversationId = ((await conversations.json()) as { id: string }[])[0].id
  await b.goto(`/messages?c=${conversationId}`)
  await expect(b.getByTestId('system-message').filter({ hasText: title })).toBeVisible()

  await item.click()
  await expect(a.getByTestId('system-message').filter({ hasText: title })).toBeVisible()
  await expect(a.getByTestId('message').filter({ hasText: 'We run a robotics club for 30 kids.' })).toBeVisible()
  await expect(item.getByTestId('unread-badge')).toHaveCount(0)
  const composer = a.getByLabel('Write a message')
  await composer.fill('Thanks! Tell me more about the club.')
  await composer.press('Enter')
  await expect(a.getByTestId('message').filter({ hasText: 'Thanks! Tell me more' })).toBeVisible()

  await expect(b.getByTestId('message').filter({ hasText: 'Thanks! Tell me more about the club.' })).toBeVisible()

  // The poster accepts on their profile; the applicant's profile shows the decision.
  await a.goto('/profile')
  const application = a.getByTestId('received-application').filter({ hasText: member.displayName }).filter({ hasText: title })
  await application.getByRole('button', { name: 'Accept' }).click()
  await expectToast(a, 'Application accepted')
  await expect(application).toContainText('Accepted')
  await b.goto('/profile')
  await expect(b.getByTestId('sent-application').filter({ hasText: title })).toContainText('Accepted')

  // Someone else cannot open this conversation.
  const { page: c } = await memberPage(browser, 'Curious Member')
  await c.goto(`/messages?c=${conversationId}`)
  await expect(c.getByRole('heading', { name: 'Conversation not found' })).toBeVisible()
  await expect(c.getByTestId('message')).toHaveCount(0)
})

test('open profiles follow: a new application reaches the poster, the decision the applicant, without a reload', async ({ browser }) => {
  const title = uniqueName('Chess boards ')
  const a = await adminPage(browser)
  const id = await post(a, 'sponsorships', title)
  await openLive(a, '/profile')
  const { page: b, member } = await memberPage(browser, uniqueName('Ravi '))
  await openLive(b, '/profile')

  // B applies (through the API: B's page is not told by its own click); A's open view shows it.
  const applied = await b.request.post(`/api/sponsorships/${id}/apply`, {
    data: { message: 'A chess club.' },
    headers: { Origin: origin() },
  })
  expect(applied.status(), await applied.text()).toBe(201)
  const received = a.getByTestId('received-application').filter({ hasText: member.displayName }).filter({ hasText: title })
  await received.getByRole('button', { name: 'Accept' }).click()
  await expectToast(a, 'Application accepted')

  // B's profile, open since before B applied, shows the decision.
  await expect(b.getByTestId('sent-application').filter({ hasText: title })).toContainText('Accepted')
})

test('sponsor: the card turns Sponsored; a member on a stale page is told', async ({ browser }) => {
  const title = uniqueName('Library lamps ')
  const a = await adminPage(browser)
  await post(a, 'sponsorship-requests', title)
  // With closed and sponsored listings shown: by default a sponsored request leaves the list.
  const url = `/home?tab=requests&show=all&q=${encodeURIComponent(title)}`

  const { page: c } = await memberPage(browser, 'Late Sponsor')
  await c.goto(url)
  await expect(c.getByRole('article', { name: title }).getByRole('button', { name: 'Sponsor' })).toBeEnabled()

  const { page: b } = await memberPage(browser, 'First Sponsor')
  await b.goto(url)
  const card = b.getByRole('article', { name: title })
  await card.getByRole('button', { name: 'Sponsor' }).click()
  const dialog = b.getByRole('dialog', { name: 'Sponsor This Project' })
  await expect(dialog).toContainText('asks for $750')
  await expect(dialog.getByLabel('Amount to pledge (USD)')).toHaveValue('750')
  await dialog.getByRole('button', { name: 'Confirm' }).click()
  await expectToast(b, 'Sponsorship confirmed')
  await expect(card.getByRole('button', { name: 'Sponsored' })).toBeDisabled()
  await expect(card.getByText('Sponsored', { exact: true }).first()).toBeVisible()

  const staleCard = c.getByRole('article', { name: title })
  await staleCard.getByRole('button', { name: 'Sponsor' }).click()
  await c.getByRole('dialog', { name: 'Sponsor This Project' }).getByRole('button', { name: 'Confirm' }).click()
  await expect(c.getByTestId('toast')).toContainText('This project has already been sponsored.')
  await expect(staleCard.getByRole('button', { name: 'Sponsored' })).toBeDisabled()
})

test('settings changes show on the profile', async ({ browser }) => {
  const { page } = await memberPage(browser, 'Settings Member')
  const name = uniqueName('Renamed ')
  await page.goto('/settings')
  await page.getByLabel('Display name').fill(name)
  await page.getByLabel('Bio').fill('I organise coding clubs.')
  await page.getByRole('button', { name: 'Add link' }).click()
  await page.getByLabel('Platform 1').selectOption('github')
  await page.getByLabel('Username or address 1').fill('octo-club')
  await page.getByRole('button', { name: 'Save profile' }).click()
  await expectToast(page, 'Profile updated')

  await page.getByLabel('Upload avatar').setInputFiles('e2e/fixtures/not-an-image.png')
  await expect(page.getByText('The avatar must be a JPEG, PNG, GIF or WebP image')).toBeVisible()
  await page.getByLabel('Upload avatar').setInputFiles('e2e/fixtures/avatar.png')
  await expectToast(page, 'Avatar updated')

  await page.goto('/profile')
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  await expect(page.getByText('I organise coding clubs.')).toBeVisible()
  await expect(page.getByRole('link', { name: /GitHub: @octo-club/ })).toHaveAttribute('href', 'https://github.com/octo-club')
  await expect(page.getByRole('region', { name: name }).locator('img').first()).toHaveAttribute('src', /.+/)
})

import { type Page } from '@playwright/test'
import { expect, origin, test } from './test'
import { DEMO_PASSWORD } from './server'
import { ADMIN, expectToast, registerMember, signIn, uniqueName } from './helpers'

// Seeded pending listings (pb/internal/demo/samples.go); no other spec relies on their review state.
const APPROVE = 'Open-source maintainer stipends' // kenji's sponsorship
const REJECT = 'Student animation festival screening' // kenji's request
const REPORT = 'Market stall micro-sponsorships' // daniel's approved sponsorship

const row = (page: Page, title: string) => page.getByTestId('moderation-row').filter({ has: page.getByRole('heading', { name: title }) })

async function signInAs(page: Page, username: string, password = DEMO_PASSWORD) {
  await page.context().clearCookies()
  await signIn(page, username, password)
}

test('an administrator approves one listing and rejects another; the poster sees why; others no longer see it', async ({ page }) => {
  test.setTimeout(90_000)
  await signIn(page, ADMIN.username, ADMIN.password)
  await page.goto('/admin')
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible()
  await expect(page.getByRole('tab', { name: 'Moderation queue' })).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('link', { name: /Open superuser dashboard/ })).toHaveAttribute('href', '/_/')

  await expect(row(page, APPROVE)).toBeVisible()
  await expect(row(page, APPROVE).getByText('Pending', { exact: true })).toBeVisible()
  // the audit log names the listing by its id (other journeys on this server approve offers too)
  const approval = page.waitForResponse((r) => /\/api\/admin\/listings\/sponsorships\/[^/]+\/approve$/.test(r.url()))
  await row(page, APPROVE).getByRole('button', { name: 'Approve' }).click()
  const approvedId = (await approval).url().split('/').at(-2) ?? ''
  await expectToast(page, 'Listing approved')
  await expect(row(page, APPROVE)).toHaveCount(0)

  await row(page, REJECT).getByRole('button', { name: 'Reject' }).click()
  const dialog = page.getByRole('dialog', { name: 'Reject listing' })
  await expect(dialog.getByLabel('Reason (shown to the poster)')).toBeFocused()
  await dialog.getByRole('button', { name: 'Reject listing' }).click()
  await expect(dialog.getByText('A reason is required to reject a listing')).toBeVisible()
  await dialog.getByLabel('Reason (shown to the poster)').fill('Please add the venue')
  await expect(dialog.getByText('20 / 500')).toBeVisible()
  await dialog.getByRole('button', { name: 'Reject listing' }).click()
  await expectToast(page, 'Listing rejected')
  await expect(dialog).toBeHidden()
  await expect(row(page, REJECT)).toHaveCount(0)

  await page.getByRole('tab', { name: 'Audit log' }).click()
  await expect(page).toHaveURL(/tab=audit/)
  const log = page.getByRole('table', { name: 'Audit log' })
  await expect(
    log.getByRole('row').filter({ hasText: 'Rejected listing' }).filter({ hasText: 'Please add the venue' }).filter({ hasText: 'admin' }),
  ).toBeVisible()
  await expect(
    log.getByRole('row').filter({ hasText: 'Approved listing' }).filter({ hasText: 'admin' }).filter({ hasText: approvedId }),
  ).toBeVisible()

  // The poster sees the reason on their own profile.
  await signInAs(page, 'kenji')
  await page.goto('/profile')
  await page.getByRole('tab', { name: 'Sponsors Required' }).click()
  const rejected = page.getByRole('article', { name: REJECT })
  await expect(rejected.getByText('Rejected', { exact: true })).toBeVisible()
  await expect(rejected.getByText('Rejected: Please add the venue')).toBeVisible()
  await expect(rejected.getByText('Edit the listing to send it for review again.')).toBeVisible()

  // Another member no longer sees it; the approved one still shows.
  await signInAs(page, 'daniel')
  await page.goto('/home?tab=requests&q=animation')
  await expect(page.getByRole('tabpanel', { name: 'Sponsors Required' }).getByText(/No .* found/)).toBeVisible()
  await expect(page.getByRole('article', { name: REJECT })).toHaveCount(0)
  await page.goto('/home?q=maintainer')
  await expect(page.getByRole('article', { name: APPROVE })).toBeVisible()
})

test('a member reports a listing once; it leads the moderation queue with the reason', async ({ page }) => {
  test.setTimeout(60_000)
  await registerMember(page, 'Reporting Member')
  const reason = uniqueName('reason')
  await page.goto('/home?q=market')
  await page.getByRole('article', { name: REPORT }).click()
  const detail = page.getByRole('dialog', { name: REPORT })
  await detail.getByRole('button', { name: 'Report', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Report listing' })
  await dialog.getByRole('button', { name: 'Send report' }).click()
  await expect(dialog.getByText('Please tell us why you are reporting this listing')).toBeVisible()
  await dialog.getByLabel('Why are you reporting this listing?').fill(reason)
  await dialog.getByRole('button', { name: 'Send report' }).click()
  await expectToast(page, 'Report sent')
  await expect(detail.getByRole('button', { name: 'Reported' })).toBeDisabled()

  // A new session: the button is back, and the server refuses the second report.
  await page.reload()
  await page.getByRole('article', { name: REPORT }).click()
  await detail.getByRole('button', { name: 'Report', exact: true }).click()
  await dialog.getByLabel('Why are you reporting this listing?').fill('again')
  await dialog.getByRole('button', { name: 'Send report' }).click()
  await expectToast(page, 'You have already reported this listing.')
  await expect(detail.getByRole('button', { name: 'Reported' })).toBeDisabled()

  await signInAs(page, ADMIN.username, ADMIN.password)
  await page.goto('/admin')
  const first = page.getByTestId('moderation-row').first()
  await expect(first.getByRole('heading', { name: REPORT })).toBeVisible()
  await expect(first.getByText('Reported ×1')).toBeVisible()
  await expect(first.getByText(reason)).toBeVisible()
  await expect(first.getByText('Reporting Member')).toBeVisible()
})

test('the contact form stores a message the administrator sees and resolves', async ({ page }) => {
  await page.goto('/contact-us')
  const form = page.getByRole('form', { name: 'Send us a message' })
  await form.getByRole('button', { name: 'Send message' }).click()
  await expect(form.getByText('Name is required')).toBeVisible()
  await expect(form.getByText('Email is required')).toBeVisible()
  await expect(form.getByText('Message is required')).toBeVisible()
  await form.getByLabel('Name').fill('Visitor Vera')
  await form.getByLabel('Email').fill('not-an-address')
  await form.getByRole('button', { name: 'Send message' }).click()
  await expect(form.getByText('Please enter a valid email address')).toBeVisible()
  const subject = uniqueName('Question ')
  await form.getByLabel('Email').fill('vera@example.com')
  await form.getByLabel('Subject (optional)').fill(subject)
  await form.getByLabel('Message').fill('How do I become verified?')
  await form.getByRole('button', { name: 'Send message' }).click()
  await expectToast(page, 'Message sent')
  await expect(page.getByText('Thank you! Your message has been received. We will reply by e-mail.')).toBeVisible()
  await expect(form.getByLabel('Name')).toHaveValue('')

  await signIn(page, ADMIN.username, ADMIN.password)
  await page.goto('/admin?tab=messages')
  const message = page.getByRole('article', { name: subject })
  await expect(message.getByText('How do I become verified?')).toBeVisible()
  await expect(message.getByRole('link', { name: 'vera@example.com' })).toHaveAttribute('href', 'mailto:vera@example.com')
  await message.getByRole('button', { name: 'Mark resolved' }).click()
  await expectToast(page, 'Message resolved')
  await expect(message).toHaveCount(0)
})

test('an administrator verifies and un-verifies a member', async ({ page }) => {
  const member = await registerMember(page, 'Verify Me')
  await signInAs(page, ADMIN.username, ADMIN.password)
  await page.goto('/admin?tab=members')
  await page.getByRole('searchbox', { name: 'Search by username or name' }).fill(member.username)
  const card = page.getByRole('article', { name: 'Verify Me' })
  await expect(page.getByTestId('member-row')).toHaveCount(1)
  await expect(card.getByRole('img', { name: 'Unverified member' })).toBeVisible()
  await card.getByRole('button', { name: 'Verify', exact: true }).click()
  await expectToast(page, 'Member verified')
  await expect(card.getByRole('img', { name: 'Verified member' })).toBeVisible()
  await card.getByRole('button', { name: 'Unverify' }).click()
  await expectToast(page, 'Verification removed')
  await expect(card.getByRole('img', { name: 'Unverified member' })).toBeVisible()
  await page.getByRole('tab', { name: 'Subscriptions & payments' }).click()
  await expect(page.getByRole('heading', { name: 'Active subscriptions' })).toBeVisible()
  await expect(page.getByText('Value at catalogue prices, not revenue')).toBeVisible()
})

test('a member opening /admin gets the 404 page and no Admin entry', async ({ page }) => {
  await registerMember(page)
  await page.goto('/admin')
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Admin Dashboard' })).toHaveCount(0)
  const response = await page.request.get('/api/admin/overview')
  expect(response.status()).toBe(403)
})

test('an administrator verifies the social link they clicked even after the member reordered them', async ({ page, browser }) => {
  test.setTimeout(60_000)
  // the member, in their own browser, lists GitHub then X
  const memberContext = await browser.newContext()
  const memberPage = await memberContext.newPage()
  const member = await registerMember(memberPage, 'Link Owner')
  const setLinks = async (links: { platform: string; username: string }[]) => {
    const response = await memberPage.request.patch('/api/user', { data: { socialMedia: links }, headers: { Origin: origin() } })
    expect(response.status(), await response.text()).toBe(200)
  }
  await setLinks([
    { platform: 'github', username: 'owner-gh' },
    { platform: 'twitter', username: 'owner_x' },
  ])

  await signIn(page, ADMIN.username, ADMIN.password)
  await page.goto('/admin?tab=members')
  await page.getByRole('searchbox', { name: 'Search by username or name' }).fill(member.username)
  const card = page.getByRole('article', { name: 'Link Owner' })
  await expect(page.getByTestId('member-row')).toHaveCount(1)
  await card.getByRole('button', { name: /Social links \(2\)/ }).click()
  const links = card.getByRole('list', { name: 'Social links' })
  await expect(links.getByRole('listitem').first()).toContainText('GitHub @owner-gh')

  // while the administrator looks, the member puts X first
  await setLinks([
    { platform: 'twitter', username: 'owner_x' },
    { platform: 'github', username: 'owner-gh' },
  ])

  await links.getByRole('button', { name: 'Verify GitHub @owner-gh' }).click()
  await expectToast(page, 'Social link verified')
  await expect(links.getByRole('listitem').filter({ hasText: 'GitHub @owner-gh' })).toContainText(/Verified on/)
  await expect(links.getByRole('listitem').filter({ hasText: 'X (Twitter) @owner_x' })).toContainText('Not verified')

  // the member's own profile shows the same: GitHub verified, X not
  const own = await memberPage.request.get('/api/user')
  const body = (await own.json()) as { socialMedia: { platform: string; verified: boolean }[] }
  expect(body.socialMedia.map((l) => [l.platform, l.verified])).toEqual([
    ['twitter', false],
    ['github', true],
  ])
  await memberContext.close()
})

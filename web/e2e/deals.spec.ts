import { type Browser, type Page } from '@playwright/test'
import { seriousAxeFindingsBothThemes } from './axe'
import { lowestStarContrast } from './contrast'
import { ADMIN, expectToast, postRequest, registerMember, signIn, uniqueName } from './helpers'
import { expectPictureLoaded, gradientPng } from './pictures'
import { shoot } from './shots'
import { expect, origin, test } from './test'

async function newPage(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}): Promise<Page> {
  const context = await browser.newContext(options)
  return context.newPage()
}

test('two sponsors back a request to 100%; a deal from pledge to completion: deliverables agreed, money sent and confirmed, proof, completion, reviews', async ({
  browser,
}) => {
  test.setTimeout(90_000)
  const title = uniqueName('Street festival ')
  const recipient = await newPage(browser)
  await signIn(recipient, ADMIN.username, ADMIN.password)
  const requestId = await postRequest(recipient, title, {
    description: 'A day of music and food on Park Street.',
    requestedAmount: 500,
    location: 'Kolkata, India',
    categories: ['Arts'],
  })

  // Two sponsors back it to 100% (three members, three browsers): the first pledges $300; the
  // second sees what is still open on the card (sponsored requests shown) and pledges the rest:
  // the request is sponsored. Each pledge opens a deal.
  const sponsor = await newPage(browser)
  const backer = await registerMember(sponsor, uniqueName('Corner Cafe '))
  const pledged = await sponsor.request.post(`/api/sponsorship-requests/${requestId}/sponsor`, {
    data: { amount: 300 },
    headers: { Origin: origin() },
  })
  expect(pledged.status(), await pledged.text()).toBe(201)
  const second = await newPage(browser)
  await registerMember(second, uniqueName('Book Nook '))
  await second.goto(`/home?tab=requests&show=all&q=${encodeURIComponent(title)}`)
  const card = second.getByRole('article', { name: title })
  await expect(card.getByRole('progressbar', { name: '$300 of $500 pledged by 1 sponsor' })).toBeVisible()
  await card.getByRole('button', { name: 'Sponsor' }).click()
  const pledge = second.getByRole('dialog', { name: 'Sponsor This Project' })
  await expect(pledge.getByLabel('Amount to pledge (USD)')).toHaveValue('200')
  await pledge.getByRole('button', { name: 'Confirm' }).click()
  await expectToast(second, 'Sponsorship confirmed')
  await expect(card.getByRole('progressbar', { name: '$500 of $500 pledged by 2 sponsors' })).toBeVisible()
  await expect(card.getByRole('button', { name: 'Sponsored' })).toBeDisabled()
  await second.close()

  // The first sponsor's deal, found on the profile.
  await sponsor.goto('/profile')
  const row = sponsor.getByTestId('deal-row').filter({ hasText: title })
  await expect(row).toContainText('Agreeing deliverables')
  await row.getByRole('link', { name: title }).click()
  await expect(sponsor).toHaveURL(/\/deals\/\w+$/)
  const dealUrl = new URL(sponsor.url()).pathname
  await expect(sponsor.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(sponsor.getByTestId('deal-next')).toContainText('SponsorBridge does not move money between members')

  // The sponsor proposes what they get; an empty deliverable is refused in the server's words.
  await sponsor.getByRole('button', { name: 'Propose deliverables' }).click()
  const propose = sponsor.getByRole('dialog', { name: 'Propose deliverables' })
  await propose.getByRole('button', { name: 'Send proposal' }).click()
  await expect(propose.getByText('Say what the sponsor gets')).toBeVisible()
  await propose.getByLabel('Deliverable 1', { exact: true }).fill('Our logo on the festival banner')
  await propose.getByLabel('Due (optional)').first().fill('2026-12-20')
  await propose.getByRole('button', { name: 'Add a deliverable' }).click()
  await propose.getByLabel('Deliverable 2', { exact: true }).fill('A thank-you on stage')
  await shoot(sponsor, 'desktop', 'deal-propose-dialog')
  await propose.getByRole('button', { name: 'Send proposal' }).click()
  await expectToast(sponsor, 'Proposal sent')
  await expect(sponsor.getByTestId('proposal')).toContainText('Waiting for')

  // The recipient agrees from the deal's page (their notification links there too).
  await recipient.goto(dealUrl)
  const proposal = recipient.getByTestId('proposal')
  await expect(proposal).toContainText(`${backer.displayName} proposes`)
  await expect(proposal).toContainText('Our logo on the festival banner')
  expect(await seriousAxeFindingsBothThemes(recipient, 'deal with a proposal')).toEqual([])
  await shoot(recipient, 'desktop', 'deal-proposal')
  await proposal.getByRole('button', { name: 'Agree to these deliverables' }).click()
  await expectToast(recipient, 'Deliverables agreed')
  await expect(recipient.getByTestId('next-step')).toContainText(`Waiting for ${backer.displayName} to send the money`)

  // The sponsor sends the money; the recipient confirms it arrived.
  await sponsor.reload()
  await sponsor.getByRole('button', { name: 'I sent $300' }).click()
  await expectToast(sponsor, 'Marked as sent')
  await expect(sponsor.getByTestId('next-step')).toContainText('Waiting for')
  await recipient.reload()
  await recipient.getByRole('button', { name: 'The money arrived' }).click()
  await expectToast(recipient, 'The deal is funded')

  // The recipient tells every sponsor how it goes, with a picture; the sponsor reads it on their deal.
  await recipient.getByRole('button', { name: 'Post an update to all sponsors' }).click()
  const update = recipient.getByRole('dialog', { name: 'Post an update' })
  await update.getByLabel('Update', { exact: true }).fill('The stage is booked: Friday from 5 pm.')
  await update.getByLabel('Picture (optional)').setInputFiles({ name: 'stage.png', mimeType: 'image/png', buffer: gradientPng(48, 64) })
  await expect(update.getByRole('img', { name: 'Preview of stage.png' })).toBeVisible()
  await update.getByRole('button', { name: 'Post update' }).click()
  await expectToast(recipient, 'Update posted')
  await expect(recipient.getByTestId('deal-updates')).toContainText('The stage is booked: Friday from 5 pm.')

  // The recipient delivers each item with proof: a note, a link, a picture, or any of them.
  const items = recipient.getByTestId('deliverable')
  await items.filter({ hasText: 'festival banner' }).getByRole('button', { name: 'Mark delivered' }).click()
  const proof = recipient.getByRole('dialog', { name: 'Mark as delivered' })
  await proof.getByRole('button', { name: 'Mark delivered' }).click()
  await expect(proof.getByText('Add proof: a note, a link or a picture')).toBeVisible()
  await proof.getByLabel('Proof').fill('The banner went up at the main gate on Friday.')
  await proof.getByLabel('Link (optional)').fill('https://example.com/banner-photo')
  await proof.getByLabel('Picture (optional)').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: gradientPng(64, 48) })
  await expect(proof.getByRole('img', { name: 'Preview of banner.png' })).toBeVisible()
  expect(await seriousAxeFindingsBothThemes(recipient, 'proof dialog with a picture')).toEqual([])
  await shoot(recipient, 'desktop', 'deal-proof-dialog')
  await proof.getByRole('button', { name: 'Mark delivered' }).click()
  await expectToast(recipient, 'Marked delivered')
  await items.filter({ hasText: 'thank-you on stage' }).getByRole('button', { name: 'Mark delivered' }).click()
  await proof.getByLabel('Proof').fill('Thanked the cafe at 6 pm before the headline act.')
  await proof.getByRole('button', { name: 'Mark delivered' }).click()
  await expectToast(recipient, 'Marked delivered')
  await expect(recipient.getByTestId('next-step')).toContainText(`Waiting for ${backer.displayName} to confirm completion`)

  // The sponsor checks the proof and completes the deal; both read the whole history.
  await sponsor.reload()
  await expect(sponsor.getByTestId('deal-updates')).toContainText('The stage is booked: Friday from 5 pm.')
  await expect(sponsor.getByRole('link', { name: 'Proof link' })).toHaveAttribute('href', 'https://example.com/banner-photo')
  // The pictures come through the sponsor's own deal, the update's too, as they were sent (64 × 48, 48 × 64).
  const dealId = dealUrl.split('/').pop()
  const proofPicture = sponsor.getByRole('img', { name: 'Proof for “Our logo on the festival banner”' })
  await expect(proofPicture).toHaveAttribute('src', new RegExp(`^/api/deals/${dealId}/pictures/\\w+$`))
  await expectPictureLoaded(proofPicture, 64, 48)
  const updatePicture = sponsor.getByTestId('deal-updates').getByRole('img', { name: 'Attached to SponsorBridge Admin’s update' })
  await expect(updatePicture).toHaveAttribute('src', new RegExp(`^/api/deals/${dealId}/pictures/\\w+$`))
  await expectPictureLoaded(updatePicture, 48, 64)
  await sponsor.getByRole('button', { name: 'Confirm completion' }).click()
  await expectToast(sponsor, 'Deal completed')
  await expect(sponsor.locator('.badge', { hasText: 'Completed' })).toBeVisible()
  await expect(sponsor.getByTestId('deal-history').getByRole('listitem')).toHaveCount(8)
  expect(await seriousAxeFindingsBothThemes(sponsor, 'completed deal')).toEqual([])
  await shoot(sponsor, 'desktop', 'deal-completed')

  // Both review each other, double-blind: the sponsor writes first and reads when the other side will see it.
  const sponsorReview = 'Clear deliverables, a photo of each, all on time.'
  const recipientReview = 'Paid the day we agreed and came to the festival.'
  const reviewsCard = sponsor.getByTestId('deal-reviews')
  await reviewsCard.getByRole('button', { name: 'Post review' }).click()
  await expect(reviewsCard.getByText('Choose a rating from 1 to 5')).toBeVisible()
  await reviewsCard.getByRole('radio', { name: '5 stars' }).check()
  await reviewsCard.getByLabel('Your review').fill(sponsorReview)
  await reviewsCard.getByRole('button', { name: 'Post review' }).click()
  await expectToast(sponsor, 'Review posted')
  await expect(sponsor.getByTestId('review-mine')).toContainText('Shown to SponsorBridge Admin when they write theirs, or on')

  // The recipient learns it was written, not what it says, until they write theirs: then both are shown.
  await recipient.reload()
  await expect(recipient.getByTestId('theirs-written')).toHaveText(`${backer.displayName} has written a review: write yours to read it.`)
  await expect(recipient.getByText(sponsorReview)).toHaveCount(0)
  await recipient.getByRole('radio', { name: '4 stars' }).check()
  await recipient.getByLabel('Your review').fill(recipientReview)
  await recipient.getByRole('button', { name: 'Post review' }).click()
  await expectToast(recipient, 'Review posted')
  const theirs = recipient.getByTestId('review-theirs')
  await expect(theirs).toContainText(sponsorReview)
  await expect(theirs.getByRole('img', { name: 'Rated 5 out of 5' })).toBeVisible()
  await expect(recipient.getByTestId('review-mine')).toContainText(recipientReview)

  // The reviewed member replies once; the reply shows under the review, on both sides.
  await theirs.getByRole('button', { name: 'Reply' }).click()
  const replyDialog = recipient.getByRole('dialog', { name: `Reply to ${backer.displayName}’s review` })
  await replyDialog.getByLabel('Your reply').fill('Thank you for backing the festival!')
  await replyDialog.getByRole('button', { name: 'Post reply' }).click()
  await expectToast(recipient, 'Reply posted')
  await expect(theirs.getByTestId('review-reply')).toContainText('Thank you for backing the festival!')
  await expect(theirs.getByRole('button', { name: 'Reply' })).toHaveCount(0)
  expect(await seriousAxeFindingsBothThemes(recipient, 'deal with both reviews')).toEqual([])
  await shoot(recipient, 'desktop', 'deal-reviews')
  await sponsor.reload()
  await expect(sponsor.getByTestId('review-theirs')).toContainText(recipientReview)
  await expect(sponsor.getByTestId('review-mine').getByTestId('review-reply')).toContainText('Reply from SponsorBridge Admin')

  // Each profile's Reliability panel counts the completed deal and the rating; its reviews list has the text.
  await sponsor.getByRole('link', { name: 'SponsorBridge Admin' }).first().click()
  const reliability = sponsor.getByTestId('reliability')
  await expect(reliability).toContainText('Completion rate')
  await expect(reliability.getByRole('definition').first()).not.toHaveText('0')
  await expect(reliability.getByTestId('rating')).toHaveText('5 out of 5 from 1 review')
  const adminReviews = sponsor.getByTestId('profile-reviews')
  await expect(adminReviews.getByTestId('review').first()).toContainText(sponsorReview)
  await expect(adminReviews.getByTestId('review').first()).toContainText('Reply from SponsorBridge Admin')
  await expect(adminReviews.getByRole('button', { name: /^Hide/ })).toHaveCount(0)
  await shoot(sponsor, 'desktop', 'profile-reliability')
  await recipient.getByRole('link', { name: backer.displayName }).first().click()
  await expect(recipient.getByTestId('reliability').getByTestId('rating')).toHaveText('4 out of 5 from 1 review')
  // Its lit and unlit stars stand out from the panel in both themes (unlit ones were 1.2:1).
  for (const colorScheme of ['light', 'dark'] as const) {
    await recipient.emulateMedia({ colorScheme })
    const stars = recipient.getByTestId('reliability').getByRole('img', { name: 'Rated 4 out of 5' })
    expect(await lowestStarContrast(stars), colorScheme).toBeGreaterThanOrEqual(3)
  }
  await recipient.emulateMedia({ colorScheme: 'light' })
  const sponsorReviews = recipient.getByTestId('profile-reviews')
  await expect(sponsorReviews.getByTestId('review')).toContainText(recipientReview)
  // the recipient is the demo's administrator: they may hide a review
  await expect(sponsorReviews.getByRole('button', { name: /^Hide/ })).toBeVisible()

  // On a phone the recipient reads the same deal, nothing cut off.
  const phone = await newPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
  await signIn(phone, ADMIN.username, ADMIN.password)
  await phone.goto(dealUrl)
  await expect(phone.locator('.badge', { hasText: 'Completed' })).toBeVisible()
  const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
  expect(overflow).toBeLessThanOrEqual(0)
  await shoot(phone, 'phone', 'deal-completed')
  await phone.getByTestId('deal-reviews').scrollIntoViewIfNeeded()
  await shoot(phone, 'phone', 'deal-reviews')
})

test('a deal is cancelled before funding with a reason, and the pledge goes back', async ({ browser }) => {
  const title = uniqueName('Chess club ')
  const recipient = await newPage(browser)
  await signIn(recipient, ADMIN.username, ADMIN.password)
  const requestId = await postRequest(recipient, title, {
    description: 'Boards and clocks for the school chess club.',
    requestedAmount: 200,
  })
  const sponsor = await newPage(browser)
  await registerMember(sponsor, uniqueName('Board Games '))
  const pledged = await sponsor.request.post(`/api/sponsorship-requests/${requestId}/sponsor`, { data: {}, headers: { Origin: origin() } })
  expect(pledged.status(), await pledged.text()).toBe(201)
  const { dealId } = (await pledged.json()) as { dealId: string }
  // The sponsor proposes deliverables nobody agrees to before the deal is cancelled.
  const proposed = await sponsor.request.post(`/api/deals/${dealId}/deliverables`, {
    data: { deliverables: [{ title: 'Our name on the club board' }] },
    headers: { Origin: origin() },
  })
  expect(proposed.status(), await proposed.text()).toBe(200)

  await recipient.goto(`/deals/${dealId}`)
  await expect(recipient.getByTestId('proposal')).toContainText('Our name on the club board')
  await recipient.getByRole('button', { name: 'Cancel deal' }).click()
  const dialog = recipient.getByRole('dialog', { name: 'Cancel this deal' })
  await dialog.getByRole('button', { name: 'Cancel deal' }).click()
  await expect(dialog.getByText('Say why you are cancelling')).toBeVisible()
  await dialog.getByLabel('Why?').fill('The club closed for the year.')
  await dialog.getByRole('button', { name: 'Cancel deal' }).click()
  await expectToast(recipient, 'Deal cancelled')
  await expect(recipient.getByRole('status').filter({ hasText: 'Reason: The club closed for the year.' })).toBeVisible()

  // The sponsor reads why, and the request is open again.
  await sponsor.goto(`/deals/${dealId}`)
  await expect(sponsor.locator('.badge', { hasText: 'Cancelled' })).toBeVisible()
  await expect(sponsor.getByRole('status').filter({ hasText: 'Cancelled on' })).toContainText('The club closed for the year.')
  await expect(sponsor.getByRole('button', { name: 'Cancel deal' })).toHaveCount(0)
  // the proposal ended with the deal: nothing waits to be agreed
  const deliverables = sponsor.getByRole('region', { name: 'Deliverables' })
  await expect(deliverables).toContainText('Nothing agreed yet.')
  await expect(deliverables).not.toContainText('Our name on the club board')
  await expect(sponsor.getByTestId('proposal')).toHaveCount(0)
  const after = await sponsor.request.get(`/api/sponsorship-requests/${requestId}`)
  expect(await after.json()).toMatchObject({ status: 'open', pledgedAmount: 0 })
})

test('a dispute after funding goes to the administrators, who decide it; both sides read the decision', async ({ browser }) => {
  const title = uniqueName('Book fair ')
  // The demo's administrator posts the request (members need a plan to post) and later decides.
  const admin = await newPage(browser)
  await signIn(admin, ADMIN.username, ADMIN.password)
  const requestId = await postRequest(admin, title, { requestedAmount: 300 })
  const sponsor = await newPage(browser)
  await registerMember(sponsor, uniqueName('Print Shop '))
  const post = async (page: Page, path: string, data: object = {}) => {
    const res = await page.request.post(path, { data, headers: { Origin: origin() } })
    expect(res.status(), await res.text()).toBeLessThan(300)
    return (await res.json()) as { dealId: string; version: number; deliverables: { id: string }[] }
  }
  // Up to funding through the API: the deal page's steps are the first journey's.
  const { dealId } = await post(sponsor, `/api/sponsorship-requests/${requestId}/sponsor`)
  const proposed = await post(admin, `/api/deals/${dealId}/deliverables`, { deliverables: [{ title: 'Logo on the stall' }] })
  await post(sponsor, `/api/deals/${dealId}/agree`, { version: proposed.version })
  await post(sponsor, `/api/deals/${dealId}/funds-sent`)
  const funded = await post(admin, `/api/deals/${dealId}/funds-received`)
  // The recipient's proof, a picture with a note, as the page sends it (multipart form data).
  const done = await admin.request.post(`/api/deals/${dealId}/deliverables/${funded.deliverables[0].id}/done`, {
    multipart: { proofText: 'The stall on Saturday', picture: { name: 'stall.png', mimeType: 'image/png', buffer: gradientPng(40, 30) } },
    headers: { Origin: origin() },
  })
  expect(done.status(), await done.text()).toBe(200)

  // The administrator has the dashboard open, with no dispute to decide.
  await admin.goto('/admin')
  const adminEntry = admin.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /Admin Dashboard/ })
  await expect(admin.getByTestId('counter-openDisputes').locator('dd')).toHaveText('0')
  await expect(adminEntry.getByTestId('unread-badge')).toHaveCount(0)

  // The sponsor raises the dispute from the deal's page.
  await sponsor.goto(`/deals/${dealId}`)
  await sponsor.getByRole('button', { name: 'Raise a dispute' }).click()
  const dialog = sponsor.getByRole('dialog', { name: 'Raise a dispute' })
  await dialog.getByLabel('What went wrong?').fill('The logo was never on the stall.')
  await dialog.getByRole('button', { name: 'Raise dispute' }).click()
  await expectToast(sponsor, 'Dispute raised')
  await expect(sponsor.locator('.badge', { hasText: 'In dispute' })).toBeVisible()

  // Every administrator is told at once (realtime, no reload): a notification, the counter and a
  // badge on the Admin entry.
  await expect(adminEntry.getByTestId('unread-badge')).toHaveAccessibleName('1 open dispute', { timeout: 20_000 })
  await expect(admin.getByTestId('counter-openDisputes').locator('dd')).toHaveText('1')
  await admin.getByRole('button', { name: /^Notifications/ }).click()
  await expect(admin.getByText(/New dispute: .* raised one about “Book fair /)).toBeVisible()

  // The administrators' queue has it with the sponsor's words; the decision completes the deal.
  await admin.goto('/admin?tab=disputes')
  const item = admin.getByTestId('dispute').filter({ hasText: title })
  await expect(item).toContainText('The logo was never on the stall.')
  await expect(item).toContainText('No answer yet.')
  // with what was delivered, the proof's picture included
  await expect(item.getByRole('list', { name: 'Deliverables' })).toContainText('The stall on Saturday')
  await expectPictureLoaded(item.getByRole('img', { name: 'Proof for “Logo on the stall”' }), 40, 30)
  await item.getByRole('button', { name: 'Complete the deal' }).click()
  const decide = admin.getByRole('dialog', { name: 'Complete the deal' })
  await decide.getByRole('button', { name: 'Complete the deal' }).click()
  await expect(decide.getByText('Tell both sides what you decided')).toBeVisible()
  await decide.getByLabel('Your decision').fill('The stall photos show the logo; the deal stands.')
  await decide.getByRole('button', { name: 'Complete the deal' }).click()
  await expectToast(admin, 'Dispute resolved')
  await expect(admin.getByText('No open disputes.')).toBeVisible()
  await expect(adminEntry.getByTestId('unread-badge')).toHaveCount(0)

  await sponsor.reload()
  await expect(sponsor.locator('.badge', { hasText: 'Completed' })).toBeVisible()
  await expect(sponsor.getByTestId('deal-history')).toContainText('The stall photos show the logo; the deal stands.')
  // The decision is the page's first fact, under the deal's summary, not only the last line of its history.
  const decided = sponsor.getByRole('status', { name: 'Decided by the administrators' })
  await expect(decided).toContainText('After the dispute, the administrators completed this deal on')
  await expect(decided).toContainText('Their decision: The stall photos show the logo; the deal stands.')
  const [decidedTop, nextStepTop] = await Promise.all([
    decided.evaluate((el) => el.getBoundingClientRect().top),
    sponsor.getByRole('heading', { name: 'Deliverables' }).evaluate((el) => el.getBoundingClientRect().top),
  ])
  expect(decidedTop).toBeLessThan(nextStepTop)
  expect(await seriousAxeFindingsBothThemes(sponsor, 'deal decided by the administrators')).toEqual([])
  await shoot(sponsor, 'desktop', 'deal-decided')
})

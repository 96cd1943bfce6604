import { expect, request, type Page } from '@playwright/test'
import { apiMember, applyWithAnswers } from './eligibility-setup'
import { KIT_MEMBER, publishedKit } from './kit-setup'
import { overviewDeals } from './overview-setup'
import { publishedReport } from './report-setup'
import { origin } from './test'

/** A screen the accessibility and screenshot passes visit (e2e/visit.ts), in both themes and on a phone. */
export interface Screen {
  name: string
  /**
   * Where the screen is; or a function that first makes what it shows through the API (once per
   * server) and answers where it is.
   */
  path: string | ((page: Page) => Promise<string>)
  signedIn: boolean
  /** Waits for the screen to be ready, or opens a dialog on it. */
  ready: (page: Page) => Promise<void>
}

const heading = (name: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
}

/** The admin dashboard with one tab open and loaded (its spinner gone, its rows shown). */
const adminTab = (tab: string, rowTestId?: string) => async (page: Page) => {
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible()
  await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByTestId('counter-members').getByText(/\d/)).toBeVisible()
  await expect(page.getByRole('tabpanel').getByRole('status')).toHaveCount(0)
  if (rowTestId) await expect(page.getByTestId(rowTestId).first()).toBeVisible()
}

const listingsLoaded = async (page: Page) => {
  await expect(page.getByRole('tabpanel').first().getByTestId('listing-card').first()).toBeVisible()
}

/** A closed offer of the administrator's (made once per server): what "Show closed and sponsored" adds. */
const closedOfferTitle = 'Choir robes for the winter concert'
const closedOffer = async (page: Page): Promise<string> => {
  const headers = { Origin: origin() }
  const found = await page.request.get(`/api/sponsorships?status=closed&q=${encodeURIComponent(closedOfferTitle)}`)
  const [existing] = (await found.json()) as { id: string }[]
  if (existing) return existing.id
  const created = await page.request.post('/api/sponsorships', {
    data: {
      title: closedOfferTitle,
      description: 'Robes for a community choir.',
      amount: 350,
      location: 'Kochi, India',
      categories: ['Arts'],
    },
    headers,
  })
  const { id } = (await created.json()) as { id: string }
  await page.request.patch(`/api/sponsorships/${id}`, { data: { status: 'closed' }, headers })
  return id
}

/**
 * The administrator's request with three packages (made once per server), a sponsor in beverages
 * holding its exclusive Gold and another one Silver slot: what the tier list shows.
 */
const packagedTitle = 'Harbour lights festival'
const packagedRequest = async (page: Page): Promise<string> => {
  const baseURL = origin()
  const headers = { Origin: baseURL }
  const found = await page.request.get(`/api/sponsorship-requests?q=${encodeURIComponent(packagedTitle)}`)
  const [existing] = (await found.json()) as { id: string }[]
  if (existing) return existing.id
  const benefit = (title: string) => ({ title, due: '' })
  const created = await page.request.post('/api/sponsorship-requests', {
    data: {
      title: packagedTitle,
      description: 'Lanterns, a stage and a food court along the harbour for three nights.',
      requestedAmount: 8000,
      location: 'Kochi, India',
      categories: ['Community'],
      eventDate: '',
      holdDays: 7,
      anyAmount: true,
      clashingIndustries: ['banking_finance'],
      tiers: [
        {
          name: 'Gold',
          price: 3000,
          quantity: 1,
          exclusive: true,
          benefits: [benefit('Logo on the stage banner'), benefit('A booth by the pier'), benefit('Two VIP passes')],
        },
        { name: 'Silver', price: 1000, quantity: 3, exclusive: false, benefits: [benefit('Logo on the website'), benefit('One VIP pass')] },
        { name: 'Friend', price: 100, quantity: 0, exclusive: false, benefits: [benefit('Thanks in the programme')] },
      ],
    },
    headers,
  })
  expect(created.status(), await created.text()).toBe(201)
  const { id, tiers } = (await created.json()) as { id: string; tiers: { id: string; name: string }[] }
  for (const [name, industry] of [
    ['Gold', 'beverages'],
    ['Silver', 'technology'],
  ]) {
    // Each sponsor in a request context of their own: the page stays the administrator's.
    const sponsor = await request.newContext({ baseURL })
    const username = `screens${name.toLowerCase()}${Date.now().toString(36)}`
    const registered = await sponsor.post('/api/register', {
      data: { displayName: `${name} Sponsor`, username, password: 'member-pass-1' },
      headers,
    })
    expect(registered.status(), await registered.text()).toBe(201)
    await sponsor.patch('/api/user', { data: { industry }, headers })
    const tier = tiers.find((t) => t.name === name)?.id
    const pledged = await sponsor.post(`/api/sponsorship-requests/${id}/sponsor`, { data: { tier, message: '' }, headers })
    expect(pledged.ok(), await pledged.text()).toBe(true)
    await sponsor.dispose()
  }
  return id
}

/**
 * The administrator's offer for Pune with two questions and three applications (made once per server),
 * two of them shortlisted: what the applications view and its compare show.
 */
const reviewedTitle = 'Science fair kits for Pune schools'
const reviewedOffer = async (page: Page): Promise<{ id: string; shortlisted: string[] }> => {
  const baseURL = origin()
  const headers = { Origin: baseURL }
  const found = await page.request.get(`/api/sponsorships?q=${encodeURIComponent(reviewedTitle)}`)
  const [existing] = (await found.json()) as { id: string }[]
  if (existing) {
    const starred = await page.request.get(`/api/sponsorships/${existing.id}/applications?shortlisted=true`)
    return { id: existing.id, shortlisted: ((await starred.json()) as { id: string }[]).map((a) => a.id).reverse() }
  }
  const created = await page.request.post('/api/sponsorships', {
    data: {
      title: reviewedTitle,
      description: 'Kits for twelve school science fairs across Pune.',
      amount: 1500,
      location: 'Pune, India',
      categories: ['Education'],
      criteria: { locations: ['Pune'], categories: ['Education'] },
      questions: [
        { id: 'students', label: 'How many students take part?', kind: 'number', required: true },
        { id: 'link', label: "Link to last year's fair", kind: 'link', required: false },
      ],
    },
    headers,
  })
  expect(created.status(), await created.text()).toBe(201)
  const { id } = (await created.json()) as { id: string }
  const applicants = [
    {
      name: 'Asha Rao',
      audience: 450,
      students: 320,
      link: 'https://example.org/fair-2026',
      message: 'Our fair brings 14 schools together.',
    },
    { name: 'Vikram Joshi', audience: 180, students: 95, link: '', message: 'A small fair with a big robotics corner.' },
    { name: 'Meera Kulkarni', audience: 900, students: 600, link: 'https://example.org/science-week', message: '' },
  ]
  const ids: string[] = []
  for (const a of applicants) {
    const member = await apiMember(baseURL, a.name, {
      eventLocation: 'Pune',
      eventCategories: ['Education'],
      nextEventDate: '2027-02-14',
      audience: a.audience,
    })
    ids.push(await applyWithAnswers(member.api, id, a.message, { students: a.students, link: a.link }))
    await member.api.dispose()
  }
  const shortlisted = [ids[0], ids[2]]
  for (const applicationId of shortlisted) {
    const starred = await page.request.post(`/api/applications/${applicationId}/shortlist`, { data: { shortlisted: true }, headers })
    expect(starred.status(), await starred.text()).toBe(200)
  }
  return { id, shortlisted }
}

/**
 * An offer of a new member's (made once per server, approved by the administrator): with `rules`,
 * criteria the administrator fails (their events are not stated); without, questions only.
 */
const rulesOfferTitle = 'Shillong river clean-up grants'
const questionsOfferTitle = 'Library reading circle kits'
const memberOffer = async (page: Page, title: string, rules: boolean): Promise<string> => {
  const baseURL = origin()
  const headers = { Origin: baseURL }
  const found = await page.request.get(`/api/sponsorships?q=${encodeURIComponent(title)}`)
  const [existing] = (await found.json()) as { id: string }[]
  if (existing) return existing.id
  const poster = await request.newContext({ baseURL })
  const username = `screensoffer${Date.now().toString(36)}`
  const registered = await poster.post('/api/register', {
    data: { displayName: 'Meera Lyngdoh', username, password: 'member-pass-1' },
    headers,
  })
  expect(registered.status(), await registered.text()).toBe(201)
  const order = (await (await poster.post('/api/payments/create-subscription', { data: { planId: 'monthly' }, headers })).json()) as {
    orderId: string
  }
  const paid = await poster.post('/api/payments/sandbox/pay', { data: { orderId: order.orderId, outcome: 'success' }, headers })
  expect((await poster.post('/api/payments/verify-subscription', { data: await paid.json(), headers })).ok()).toBe(true)
  const criteria = rules ? { locations: ['Shillong', 'Online'], categories: ['Environment'], minAudience: 200, verifiedOnly: true } : {}
  const created = await poster.post('/api/sponsorships', {
    data: {
      title,
      description: rules ? 'Gloves, bags and a boat for river clean-ups.' : 'Books and cushions for a weekly reading circle.',
      amount: 400,
      location: rules ? 'Shillong, India' : 'Kochi, India',
      categories: [rules ? 'Environment' : 'Education'],
      criteria,
      applicationCap: rules ? 40 : 0,
      questions: [
        { id: 'readers', label: 'How many readers come each week?', kind: 'number', required: true },
        { id: 'free', label: 'Is the circle free to join?', kind: 'yesno', required: true },
        { id: 'link', label: 'A link to your group', kind: 'link', required: false },
        { id: 'plan', label: 'What would the kits change?', kind: 'long', required: false },
      ],
    },
    headers,
  })
  expect(created.status(), await created.text()).toBe(201)
  const { id } = (await created.json()) as { id: string }
  await poster.dispose()
  const approved = await page.request.post(`/api/admin/listings/sponsorships/${id}/approve`, { headers })
  expect(approved.ok(), await approved.text()).toBe(true)
  return id
}

let fallbackRuns = 0
/** The fallback box's second step (each call a fresh address: the server limits codes per address). */
const requestFallbackCode = async (page: Page) => {
  fallbackRuns += 1
  await page.getByLabel('Email').fill(`screens-${Date.now().toString(36)}-${fallbackRuns}@example.com`)
  await page.getByLabel('Display Name').fill('Nia Okafor')
  await page.getByRole('button', { name: 'Continue with Google Account' }).click()
  await expect(page.getByLabel('Code')).toBeVisible()
}

export const screens: Screen[] = [
  { name: 'auth-login', path: '/auth', signedIn: false, ready: heading('Welcome to SponsorBridge') },
  {
    name: 'auth-register',
    path: '/auth?tab=register&manual=true',
    signedIn: false,
    ready: async (page) => {
      await expect(page.getByRole('heading', { name: 'Google Sign-in Fallback' })).toBeVisible()
    },
  },
  { name: 'google-fallback-code', path: '/auth?manual=true', signedIn: false, ready: (page) => requestFallbackCode(page) },
  {
    name: 'google-fallback-wrong-code',
    path: '/auth?manual=true',
    signedIn: false,
    ready: async (page) => {
      await requestFallbackCode(page)
      await page.getByLabel('Code').fill('000000')
      await page.getByRole('button', { name: 'Verify code' }).click()
      await expect(
        page.getByRole('region', { name: 'Google Sign-in Fallback' }).getByText('That code is not right. Check the e-mail and try again.'),
      ).toBeVisible()
    },
  },
  { name: 'home-sponsorships', path: '/home', signedIn: true, ready: listingsLoaded },
  {
    name: 'home-requests-filter',
    path: '/home?tab=requests',
    signedIn: true,
    ready: async (page) => {
      await expect(page.getByRole('tabpanel', { name: 'Sponsors Required' }).getByTestId('listing-card').first()).toBeVisible()
      await page.getByRole('button', { name: 'Filter' }).click()
      await expect(page.getByRole('button', { name: 'Apply Filters' })).toBeVisible()
    },
  },
  {
    name: 'home-closed-shown',
    path: async (page) => {
      await closedOffer(page)
      return '/home?show=all'
    },
    signedIn: true,
    ready: async (page) => {
      await expect(page.getByRole('article', { name: closedOfferTitle }).getByTestId('closed-reason')).toBeVisible()
    },
  },
  {
    name: 'listing-page-closed',
    path: async (page) => `/listings/sponsorships/${await closedOffer(page)}`,
    signedIn: true,
    ready: async (page) => {
      await heading(closedOfferTitle)(page)
      await expect(page.getByRole('button', { name: 'Reopen offer' })).toBeVisible()
    },
  },
  {
    name: 'detail-dialog',
    path: '/home?tab=requests',
    signedIn: true,
    ready: async (page) => {
      await page.getByRole('article', { name: 'Free health camp for senior citizens' }).click()
      await expect(page.getByRole('dialog')).toBeVisible()
    },
  },
  {
    name: 'create-gate',
    path: '/home?create=1',
    signedIn: true,
    ready: async (page) => {
      await expect(page.getByRole('button', { name: 'Continue to Post Form' })).toBeVisible()
    },
  },
  {
    name: 'create-form',
    path: '/home?create=1&tab=requests',
    signedIn: true,
    ready: async (page) => {
      await page.getByRole('button', { name: 'Continue to Post Form' }).click()
      await page.getByRole('button', { name: 'Post Sponsors Required' }).click()
      await expect(page.getByText('Title is required')).toBeVisible()
    },
  },
  {
    name: 'create-form-packages',
    path: '/home?create=1&tab=requests',
    signedIn: true,
    ready: async (page) => {
      await page.getByRole('button', { name: 'Continue to Post Form' }).click()
      const form = page.getByRole('dialog', { name: 'Create New Listing' })
      await form.getByLabel('Requested Amount (USD)').fill('8000')
      await form.getByRole('button', { name: 'Add a package' }).click()
      const gold = form.getByTestId('tier-fields').first()
      await gold.getByLabel('Package name').fill('Gold')
      await gold.getByLabel('Price (USD)').fill('3000')
      await gold.getByLabel('Benefit 1', { exact: true }).fill('Logo on the stage banner')
      await gold.getByRole('button', { name: 'Add a benefit' }).click()
      await gold.getByLabel('Benefit 2', { exact: true }).fill('A booth by the pier')
      await gold.getByLabel('Exclusive in its industry').check()
      await form.getByRole('button', { name: 'Add a package' }).click()
      await form.getByRole('button', { name: 'Post Sponsors Required' }).click()
      await expect(form.getByText('Package name is required')).toBeVisible()
      await gold.scrollIntoViewIfNeeded()
    },
  },
  {
    name: 'listing-page-packages',
    path: async (page) => `/listings/requests/${await packagedRequest(page)}`,
    signedIn: true,
    ready: async (page) => {
      await heading(packagedTitle)(page)
      await expect(page.getByTestId('tier')).toHaveCount(3)
      await expect(page.getByTestId('matches').getByRole('status')).toHaveCount(0)
      await page.getByRole('list', { name: 'Packages' }).scrollIntoViewIfNeeded()
    },
  },
  {
    name: 'offer-applications',
    path: async (page) => `/sponsorships/${(await reviewedOffer(page)).id}/applications`,
    signedIn: true,
    ready: async (page) => {
      await heading('Applications')(page)
      await expect(page.getByTestId('offer-application')).toHaveCount(3)
    },
  },
  {
    name: 'offer-applications-decline-dialog',
    path: async (page) => `/sponsorships/${(await reviewedOffer(page)).id}/applications?sort=match`,
    signedIn: true,
    ready: async (page) => {
      await page.getByTestId('offer-application').first().getByRole('button', { name: 'Decline' }).click()
      await expect(page.getByRole('dialog', { name: /^Decline / })).toBeVisible()
    },
  },
  {
    name: 'offer-applications-compare',
    path: async (page) => {
      const { id, shortlisted } = await reviewedOffer(page)
      return `/sponsorships/${id}/applications?compare=${shortlisted.join(',')}`
    },
    signedIn: true,
    ready: async (page) => {
      await heading('Compare applications')(page)
      // the table on a computer, the first card on a phone (the other is not displayed)
      await expect(page.getByText('How many students take part?').filter({ visible: true }).first()).toBeVisible()
    },
  },
  {
    name: 'home-packages',
    path: async (page) => {
      await packagedRequest(page)
      return `/home?tab=requests&q=${encodeURIComponent(packagedTitle)}`
    },
    signedIn: true,
    ready: async (page) => {
      const packages = page.getByRole('article', { name: packagedTitle }).getByRole('list', { name: 'Packages' })
      await expect(packages).toBeVisible()
      // The phone sees the card's packages (mid-screen, clear of the bottom bar), not only its head.
      await packages.evaluate((list) => list.scrollIntoView({ block: 'center' }))
    },
  },
  {
    name: 'avatar-menu',
    path: '/messages',
    signedIn: true,
    ready: async (page) => {
      await heading('Messages')(page)
      await page.getByRole('button', { name: /Account menu/ }).click()
      await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeVisible()
    },
  },
  {
    name: 'save-search-dialog',
    path: '/home?tab=requests&q=health',
    signedIn: true,
    ready: async (page) => {
      await page.getByRole('button', { name: 'Save search' }).click()
      await expect(page.getByRole('dialog', { name: 'Save this search' })).toBeVisible()
    },
  },
  {
    name: 'listing-page',
    path: async (page) => {
      const found = await page.request.get('/api/sponsorship-requests?q=Free%20health%20camp')
      const [listing] = (await found.json()) as { id: string }[]
      return `/listings/requests/${listing.id}`
    },
    signedIn: true,
    ready: async (page) => {
      await heading('Free health camp for senior citizens')(page)
      await expect(page.getByTestId('matches').getByRole('status')).toHaveCount(0)
    },
  },
  {
    name: 'profile',
    path: '/profile',
    signedIn: true,
    ready: async (page) => {
      await heading('SponsorBridge Admin')(page)
      await expect(page.getByTestId('listing-card').first()).toBeVisible()
    },
  },
  {
    name: 'kit-editor',
    path: '/profile#media-kit',
    signedIn: true,
    ready: async (page) => {
      // #media-kit opens the editor at once
      const editor = page.getByRole('form', { name: 'Media kit' })
      await editor.getByRole('button', { name: 'Add a segment' }).click()
      await editor.getByRole('group', { name: 'Segment 1' }).getByLabel('Share (%)').fill('140')
      await editor.getByRole('button', { name: 'Save media kit' }).click()
      await expect(editor.getByText('Share must be from 0 to 100 (%)')).toBeVisible()
      await page.getByRole('region', { name: 'Media kit' }).scrollIntoViewIfNeeded()
    },
  },
  {
    name: 'sponsorships',
    path: '/home',
    signedIn: true,
    ready: async (page) => {
      await overviewDeals(page)
      await page.goto('/sponsorships')
      await heading('Sponsorships')(page)
      await expect(page.getByTestId('total-given')).toContainText('$')
      await expect(page.getByTestId('chart-months').locator('canvas')).toBeVisible()
      await expect(page.getByTestId('deal-row').first()).toBeVisible()
    },
  },
  { name: 'settings', path: '/settings', signedIn: true, ready: heading('Settings') },
  {
    name: 'settings-sign-out-everywhere-dialog',
    path: '/settings',
    signedIn: true,
    ready: async (page) => {
      await heading('Settings')(page)
      await page.getByRole('button', { name: 'Sign out everywhere' }).click()
      await expect(page.getByRole('dialog', { name: 'Sign out everywhere?' })).toBeVisible()
    },
  },
  {
    name: 'settings-events',
    path: '/settings#settings-events',
    signedIn: true,
    ready: async (page) => {
      await heading('Settings')(page)
      const events = page.getByRole('region', { name: 'Your events' })
      await events.getByRole('checkbox', { name: 'Education' }).check()
      await events.getByLabel('Expected audience').fill('2000000000')
      await events.getByRole('button', { name: 'Save events' }).click()
      await expect(events.getByText('Audience must be a whole number from 0 to 1,000,000,000')).toBeVisible()
      await events.scrollIntoViewIfNeeded()
    },
  },
  {
    name: 'create-form-criteria',
    path: '/home?create=1',
    signedIn: true,
    ready: async (page) => {
      await page.getByRole('button', { name: 'Continue to Post Form' }).click()
      const form = page.getByRole('dialog', { name: 'Create New Listing' })
      await form.getByText('Who can apply').click()
      const criteria = form.getByTestId('criteria-editor')
      await criteria.getByLabel('Add a place').fill('Pune')
      await criteria.getByLabel('Add a place').press('Enter')
      await criteria.getByLabel('Add a place').fill('Mumbai')
      await criteria.getByLabel('Add a place').press('Enter')
      await criteria.getByRole('group', { name: "Applicants' event categories" }).getByLabel('Education').check()
      await criteria.getByLabel('Application cap').fill('50')
      await form.getByText('Questions', { exact: true }).click()
      await form.getByRole('button', { name: 'Add a question' }).click()
      await form.getByRole('group', { name: 'Question 1' }).getByLabel('Question text').fill('How many students attend?')
      await form.getByRole('group', { name: 'Question 1' }).getByLabel('Answer type').selectOption('number')
      await criteria.scrollIntoViewIfNeeded()
    },
  },
  {
    name: 'apply-dialog-questions',
    path: async (page) => `/listings/sponsorships/${await memberOffer(page, questionsOfferTitle, false)}`,
    signedIn: true,
    ready: async (page) => {
      await heading(questionsOfferTitle)(page)
      await page.getByRole('button', { name: 'Apply for Sponsorship' }).click()
      const dialog = page.getByRole('dialog', { name: 'Apply for Sponsorship' })
      await dialog.getByLabel('How many readers come each week?').fill('about twenty')
      await dialog.getByRole('button', { name: 'Submit' }).click()
      await expect(dialog.getByText('Enter a number')).toBeVisible()
    },
  },
  {
    name: 'offer-ineligible-dialog',
    path: async (page) => {
      await memberOffer(page, rulesOfferTitle, true)
      return `/home?q=${encodeURIComponent(rulesOfferTitle)}`
    },
    signedIn: true,
    ready: async (page) => {
      await page.getByRole('article', { name: rulesOfferTitle }).click()
      const dialog = page.getByRole('dialog', { name: rulesOfferTitle })
      await expect(dialog.getByTestId('eligibility-note')).toBeVisible()
      await expect(dialog.getByRole('button', { name: 'Apply for Sponsorship' })).toBeDisabled()
    },
  },
  {
    name: 'impact-report',
    // The recipient's published report: figures, tracked link counts, spending, benchmark.
    path: async () => `/deals/${(await publishedReport(origin())).dealId}/report`,
    signedIn: true,
    ready: async (page) => {
      await expect(page.getByTestId('report-status')).toHaveText('Published')
      await expect(page.getByTestId('report-link-visits')).toHaveText('3')
    },
  },
  {
    name: 'impact-report-editing',
    // The recipient edits it; a figure added and left empty shows the server's words under it.
    path: async () => `/deals/${(await publishedReport(origin())).dealId}/report?edit=1`,
    signedIn: true,
    ready: async (page) => {
      const editor = page.getByRole('form', { name: 'Edit the impact report' })
      await editor.getByRole('button', { name: 'Add a figure' }).click()
      await editor.getByRole('button', { name: 'Save' }).click()
      await expect(editor.getByRole('group', { name: 'Figure 3' }).getByText('Name the figure')).toBeVisible()
    },
  },
  { name: 'messages', path: '/messages', signedIn: true, ready: heading('Messages') },
  {
    name: 'messages-thread',
    // Opens (or continues) a conversation with a demo member and says hello once.
    path: async (page) => {
      const headers = { Origin: origin() }
      const listings = await page.request.get('/api/sponsorship-requests?q=Free%20health%20camp')
      const [listing] = (await listings.json()) as { userId: string }[]
      const conversation = await page.request.post('/api/conversations', { data: { userId: listing.userId }, headers })
      const { id, lastMessage } = (await conversation.json()) as { id: string; lastMessage: string }
      if (!lastMessage)
        await page.request.post(`/api/conversations/${id}/messages`, {
          data: { body: 'Hello Priya! Happy to help with the health camp.' },
          headers,
        })
      return `/messages?c=${id}`
    },
    signedIn: true,
    ready: async (page) => {
      await expect(page.getByTestId('message').first()).toBeVisible()
    },
  },
  {
    name: 'notifications',
    path: '/home',
    signedIn: true,
    ready: async (page) => {
      await listingsLoaded(page)
      await page.getByRole('button', { name: /^Notifications/ }).click()
      await expect(page.getByRole('region', { name: 'Notifications' })).toBeVisible()
    },
  },
  {
    name: 'subscription',
    path: '/subscription',
    signedIn: true,
    ready: async (page) => {
      await heading('Subscription')(page)
      await expect(page.getByRole('heading', { name: 'Payment history' })).toBeVisible()
      await expect(page.getByText('Loading payments...')).toBeHidden()
    },
  },
  {
    name: 'checkout-dialog',
    path: '/subscription',
    signedIn: true,
    ready: async (page) => {
      await page.getByRole('button', { name: /with 3 Month Plan$/ }).click()
      await expect(page.getByTestId('sandbox-checkout').getByRole('button', { name: 'Pay (test)' })).toBeVisible()
    },
  },
  { name: 'admin', path: '/admin', signedIn: true, ready: adminTab('Moderation queue', 'moderation-row') },
  { name: 'admin-members', path: '/admin?tab=members', signedIn: true, ready: adminTab('Members', 'member-row') },
  { name: 'admin-subscriptions', path: '/admin?tab=subscriptions', signedIn: true, ready: adminTab('Subscriptions & payments') },
  { name: 'admin-messages', path: '/admin?tab=messages', signedIn: true, ready: adminTab('Contact messages') },
  { name: 'admin-audit', path: '/admin?tab=audit', signedIn: true, ready: adminTab('Audit log') },
  {
    name: 'admin-reject-dialog',
    path: '/admin',
    signedIn: true,
    ready: async (page) => {
      await page.getByTestId('moderation-row').first().getByRole('button', { name: 'Reject' }).click()
      await expect(page.getByRole('dialog', { name: 'Reject listing' })).toBeVisible()
    },
  },
  {
    name: 'report-dialog',
    path: '/home?q=market',
    signedIn: true,
    ready: async (page) => {
      await page.getByRole('article', { name: 'Market stall micro-sponsorships' }).click()
      await page
        .getByRole('dialog')
        .getByRole('button', { name: /^Report/ })
        .click()
      await expect(page.getByRole('dialog', { name: 'Report listing' })).toBeVisible()
    },
  },
  {
    name: 'shared-report',
    // A published report read signed out through its share link.
    path: async () => (await publishedReport(origin())).sharedPath,
    signedIn: false,
    ready: async (page) => {
      await expect(page.getByTestId('report-figures')).toContainText('1,200')
    },
  },
  {
    name: 'kit-public',
    // the kit published through the API (once per server)
    path: async () => `/kits/${await publishedKit(origin())}`,
    signedIn: false,
    ready: async (page) => {
      await heading(KIT_MEMBER.displayName)(page)
      await expect(page.getByTestId('stale').first()).toBeVisible()
    },
  },
  { name: 'privacy-policy', path: '/policies/privacy-policy', signedIn: false, ready: heading('Privacy Policy') },
  { name: 'terms-conditions', path: '/policies/terms-conditions', signedIn: false, ready: heading('Terms & Conditions') },
  { name: 'refund-policy', path: '/policies/refund-policy', signedIn: false, ready: heading('Refund Policy') },
  { name: 'pricing-policy', path: '/policies/pricing-policy', signedIn: false, ready: heading('Pricing Policy') },
  { name: 'shipping-policy', path: '/policies/shipping-policy', signedIn: false, ready: heading('Shipping Policy') },
  { name: 'about-us', path: '/about-us', signedIn: false, ready: heading('About Us') },
  { name: 'contact-us', path: '/contact-us', signedIn: false, ready: heading('Contact Us') },
  { name: 'not-found', path: '/nowhere', signedIn: false, ready: heading('404 Page Not Found') },
]

/**
 * The screens in groups of about `size`, each group one journey: short enough to spread over the
 * workers, long enough that a fresh page's first load (its cold script cache) is paid seldom. A
 * group is named by its first and last screen.
 */
export function groups(list: Screen[], size: number): { name: string; screens: Screen[] }[] {
  const count = Math.ceil(list.length / size)
  return Array.from({ length: count }, (_, i) => {
    const group = list.slice(Math.round((i * list.length) / count), Math.round(((i + 1) * list.length) / count))
    const [first, last] = [group[0].name, group[group.length - 1].name]
    return { name: first === last ? first : `${first} … ${last}`, screens: group }
  })
}

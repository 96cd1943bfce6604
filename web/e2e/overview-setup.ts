import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { apiMember } from './eligibility-setup'

/**
 * The administrator's deals for /sponsorships (made once per server, through the API: the deal
 * page's steps are the deals journey's): an offer of theirs funded for an applicant (given), and
 * a request of theirs completed by a sponsor (received), one deliverable done before its due date.
 */
const givenTitle = 'Stage lights for the youth theatre'
const receivedTitle = 'Robotics league travel grants'

type Step = (
  api: APIRequestContext,
  path: string,
  data?: object,
) => Promise<{ dealId?: string; id: string; version: number; deliverables: { id: string }[] }>

const step: Step = async (api, path, data = {}) => {
  const res = await api.post(path, { data })
  expect(res.status(), `${path}: ${await res.text()}`).toBeLessThan(300)
  return res.json()
}

/** The day a year ahead: a due date done well before. */
function nextYear(): string {
  const d = new Date()
  d.setUTCFullYear(d.getUTCFullYear() + 1)
  return d.toISOString().slice(0, 10)
}

export async function overviewDeals(page: Page): Promise<void> {
  const baseURL = new URL(page.url()).origin
  const admin = page.request
  const headers = { Origin: baseURL }
  const found = await admin.get(`/api/sponsorship-requests?status=all&q=${encodeURIComponent(receivedTitle)}`)
  if (((await found.json()) as unknown[]).length > 0) return
  const adminStep: Step = (_, path, data = {}) =>
    admin.post(path, { data, headers }).then(async (res) => {
      expect(res.status(), `${path}: ${await res.text()}`).toBeLessThan(300)
      return res.json()
    })
  const due = nextYear()

  // Given: the administrator's offer, an applicant accepted, deliverables agreed, the money confirmed.
  const offer = await admin.post('/api/sponsorships', {
    data: {
      title: givenTitle,
      description: 'Lights and a dimmer desk for a youth theatre’s spring play.',
      amount: 1200,
      location: 'Pune, India',
      categories: ['Arts'],
    },
    headers,
  })
  expect(offer.status(), await offer.text()).toBe(201)
  const theatre = await apiMember(baseURL, 'Rangmanch Youth Theatre', {})
  const applied = await step(theatre.api, `/api/sponsorships/${(await offer.json()).id}/apply`, {
    message: 'Our spring play needs lights.',
  })
  const { dealId: given = '' } = await adminStep(admin, `/api/applications/${applied.id}/accept`)
  const proposed = await step(theatre.api, `/api/deals/${given}/deliverables`, { deliverables: [{ title: 'Logo in the programme', due }] })
  await adminStep(admin, `/api/deals/${given}/agree`, { version: proposed.version })
  await adminStep(admin, `/api/deals/${given}/funds-sent`)
  await step(theatre.api, `/api/deals/${given}/funds-received`)
  await theatre.api.dispose()

  // Received: the administrator's request, a sponsor's pledge, delivered on time and completed.
  const request = await admin.post('/api/sponsorship-requests', {
    data: {
      title: receivedTitle,
      description: 'Travel for two school teams to the state robotics league.',
      requestedAmount: 750,
      location: 'Pune, India',
      categories: ['Education'],
      eventDate: '',
    },
    headers,
  })
  expect(request.status(), await request.text()).toBe(201)
  const sponsor = await apiMember(baseURL, 'Deccan Robotics Supplies', {})
  const { dealId: received = '' } = await step(sponsor.api, `/api/sponsorship-requests/${(await request.json()).id}/sponsor`, {
    amount: 750,
  })
  const items = await adminStep(admin, `/api/deals/${received}/deliverables`, {
    deliverables: [{ title: 'Thanks on the team shirts', due }],
  })
  await step(sponsor.api, `/api/deals/${received}/agree`, { version: items.version })
  await step(sponsor.api, `/api/deals/${received}/funds-sent`)
  const funded = await adminStep(admin, `/api/deals/${received}/funds-received`)
  await adminStep(admin, `/api/deals/${received}/deliverables/${funded.deliverables[0].id}/done`, {
    proofText: 'Printed on both teams’ shirts.',
    proofLink: '',
  })
  await step(sponsor.api, `/api/deals/${received}/complete`)
  await sponsor.api.dispose()
}

import { expect, request, type APIRequestContext } from '@playwright/test'
import { apiMember } from './eligibility-setup'
import { ADMIN } from './helpers'
import { gradientPng } from './pictures'

/** Browsers a deal's tracked link is followed from: each a visitor of its own (docs/api/proof-of-value.md, "Tracked links"). */
const visitorAgents = [
  'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
]

interface CompletedDeal {
  dealId: string
  title: string
  /** The sponsor: a member in a request context of their own. */
  sponsor: { api: APIRequestContext; username: string; password: string; displayName: string }
  deliverables: string[]
  link: { code: string; url: string }
}

function inDays(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
}

/**
 * A deal driven to completion through the API, `recipient` (a signed-in request context: the
 * administrator's, who posts without a plan) receiving `amount` from a new sponsor: two deliverables
 * due next week and done now (on time), the first with a proof picture, the second carrying a tracked
 * link that three browsers followed (a robot and a repeat left out: 3 visits, 3 unique visitors).
 */
export async function completedDeal(recipient: APIRequestContext, baseURL: string, title: string, amount = 500): Promise<CompletedDeal> {
  const headers = { Origin: baseURL }
  /** What a step answered, once it went through: the fields this setup reads. */
  interface Answer {
    id: string
    dealId: string
    version: number
    deliverables: { id: string }[]
    code: string
    url: string
  }
  const ok = async (response: Awaited<ReturnType<APIRequestContext['post']>>): Promise<Answer> => {
    expect(response.status(), await response.text()).toBeLessThan(300)
    return (await response.json()) as Answer
  }
  const posted = await ok(
    await recipient.post('/api/sponsorship-requests', {
      data: {
        title,
        description: 'A weekend of robotics workshops.',
        requestedAmount: amount,
        location: 'Pune, India',
        categories: ['Education'],
        eventDate: '',
      },
      headers,
    }),
  )
  const sponsor = await apiMember(baseURL, 'Corner Cafe', {})
  const { dealId } = await ok(await sponsor.api.post(`/api/sponsorship-requests/${posted.id}/sponsor`, { data: { amount } }))
  const titles = ['Our logo on the workshop banner', 'A post with a link to the cafe']
  const proposed = await ok(
    await recipient.post(`/api/deals/${dealId}/deliverables`, {
      data: { deliverables: titles.map((t) => ({ title: t, due: inDays(7) })) },
      headers,
    }),
  )
  await ok(await sponsor.api.post(`/api/deals/${dealId}/agree`, { data: { version: proposed.version } }))
  await ok(await sponsor.api.post(`/api/deals/${dealId}/funds-sent`))
  const funded = await ok(await recipient.post(`/api/deals/${dealId}/funds-received`, { headers }))
  const deliverables = funded.deliverables.map((d) => d.id)
  const link = await ok(
    await recipient.post(`/api/deals/${dealId}/links`, {
      data: { target: 'https://example.com/corner-cafe', deliverable: deliverables[1] },
      headers,
    }),
  )

  // Followed from three browsers; a robot and the first browser again within 30 minutes are not counted.
  const visitor = await request.newContext({ baseURL })
  for (const agent of [...visitorAgents, 'Mozilla/5.0 (compatible; Googlebot/2.1)', visitorAgents[0]]) {
    const followed = await visitor.get(`/l/${link.code}`, { headers: { 'User-Agent': agent }, maxRedirects: 0 })
    expect(followed.status()).toBe(302)
  }
  await visitor.dispose()

  await ok(
    await recipient.post(`/api/deals/${dealId}/deliverables/${deliverables[0]}/done`, {
      multipart: {
        proofText: 'The banner hung over the stage both days.',
        picture: { name: 'banner.png', mimeType: 'image/png', buffer: gradientPng(64, 48) },
      },
      headers,
    }),
  )
  await ok(
    await recipient.post(`/api/deals/${dealId}/deliverables/${deliverables[1]}/done`, {
      data: { proofText: 'Posted on Friday.', proofLink: link.url },
      headers,
    }),
  )
  await ok(await sponsor.api.post(`/api/deals/${dealId}/complete`))
  return { dealId, title, sponsor, deliverables, link: { code: link.code, url: link.url } }
}

const published = new Map<string, Promise<{ dealId: string; sharedPath: string }>>()

/**
 * A completed deal of the administrator's (made once per server) whose report the administrator
 * filled and published through the API, and whose sponsor shared it: what the report screens show.
 */
export function publishedReport(baseURL: string): Promise<{ dealId: string; sharedPath: string }> {
  let made = published.get(baseURL)
  if (!made) {
    made = publishReport(baseURL)
    published.set(baseURL, made)
  }
  return made
}

async function publishReport(baseURL: string) {
  const admin = await request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } })
  const signedIn = await admin.post('/api/login', { data: { username: ADMIN.username, password: ADMIN.password } })
  expect(signedIn.status(), await signedIn.text()).toBe(200)
  const deal = await completedDeal(admin, baseURL, 'Robotics weekend for Pune schools')
  const saved = await admin.put(`/api/deals/${deal.dealId}/report`, {
    data: {
      summary: '120 students from six schools built and raced robots over two days; the cafe’s stall served them all.',
      figures: [
        { kind: 'attendance', label: 'Attendance over the weekend', value: 1200 },
        { kind: 'reach', label: 'Instagram reach of the event posts', value: 5400 },
      ],
      spending: [
        { label: 'Stage and sound hire', amount: 300 },
        { label: 'Robot kits for the workshop', amount: 150 },
      ],
    },
  })
  expect(saved.status(), await saved.text()).toBe(200)
  const publishedNow = await admin.post(`/api/deals/${deal.dealId}/report/publish`)
  expect(publishedNow.status(), await publishedNow.text()).toBe(200)
  const shared = await deal.sponsor.api.post(`/api/deals/${deal.dealId}/report/share`)
  expect(shared.status(), await shared.text()).toBe(200)
  const { url } = (await shared.json()) as { url: string }
  await Promise.all([admin.dispose(), deal.sponsor.api.dispose()])
  return { dealId: deal.dealId, sharedPath: new URL(url).pathname }
}

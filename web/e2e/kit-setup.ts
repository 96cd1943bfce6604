import { expect, request } from '@playwright/test'
import { gradientPng } from './pictures'

/** The member whose published media kit the screens show (made once per server, through the API). */
export const KIT_MEMBER = { username: 'ashakit', displayName: 'Asha Rao', password: 'member-pass-1' }

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10)

/**
 * Publishes KIT_MEMBER's media kit unless it is already published: an evidenced audience (a picture
 * attached), a segment stale by its date, a channel, a past event.
 */
export async function publishedKit(baseURL: string): Promise<string> {
  const visitor = await request.newContext({ baseURL })
  const shown = await visitor.get(`/api/kits/${KIT_MEMBER.username}`)
  await visitor.dispose()
  if (shown.ok()) return KIT_MEMBER.username

  const member = await request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } })
  const registered = await member.post('/api/register', { data: KIT_MEMBER })
  if (registered.status() !== 201) {
    const signedIn = await member.post('/api/login', { data: { username: KIT_MEMBER.username, password: KIT_MEMBER.password } })
    expect(signedIn.status(), await signedIn.text()).toBe(200)
  }
  const evidence = await member.post('/api/evidence', {
    multipart: { kit: 'true', file: { name: 'ticket sales.png', mimeType: 'image/png', buffer: gradientPng(400, 300) } },
  })
  expect(evidence.status(), await evidence.text()).toBe(201)
  const { id } = (await evidence.json()) as { id: string }
  const saved = await member.put('/api/user/kit', {
    data: {
      headline: 'A student-run science fest in Pune: three days, forty colleges',
      audience: { value: 1200, asOf: daysAgo(20), evidence: id },
      audienceMeasured: false,
      segments: [
        { label: 'Students aged 18–24', share: 70, asOf: daysAgo(20), evidence: '' },
        { label: 'Pune residents', share: 85, asOf: daysAgo(400), evidence: '' },
      ],
      channels: [{ name: 'Instagram', url: 'https://instagram.com/sciencefest', followers: 5400, asOf: daysAgo(5), evidence: '' }],
      pastEvents: [{ name: 'Science fest 2025', date: daysAgo(300), attendance: 950, asOf: daysAgo(290), evidence: '' }],
    },
  })
  expect(saved.status(), await saved.text()).toBe(200)
  const published = await member.post('/api/user/kit/publish')
  expect(published.status(), await published.text()).toBe(200)
  await member.dispose()
  return KIT_MEMBER.username
}

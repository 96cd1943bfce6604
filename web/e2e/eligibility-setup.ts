import { expect, request, type APIRequestContext } from '@playwright/test'

/** What a member says of their events on their profile (PATCH /api/user; docs/api/eligibility.md). */
interface Events {
  eventLocation?: string
  eventCategories?: string[]
  nextEventDate?: string
  audience?: number
}

interface ApiMember {
  api: APIRequestContext
  username: string
  password: string
  displayName: string
}

let made = 0

/**
 * A member registered in a request context of their own (no browser page), their events set: for
 * the members a journey needs but does not watch.
 */
export async function apiMember(baseURL: string, displayName: string, events: Events): Promise<ApiMember> {
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } })
  made += 1
  const username = `elig${Date.now().toString(36)}${made}`
  const password = 'member-pass-1'
  const registered = await api.post('/api/register', { data: { displayName, username, password } })
  expect(registered.status(), await registered.text()).toBe(201)
  await setEvents(api, baseURL, events)
  return { api, username, password, displayName }
}

/** Sets the signed-in member's events (as page.request or an API member's context), sent from origin. */
export async function setEvents(api: APIRequestContext, origin: string, events: Events) {
  const updated = await api.patch('/api/user', { data: events, headers: { Origin: origin } })
  expect(updated.status(), await updated.text()).toBe(200)
}

/** Applies as the member, answering the offer's questions by id; answers the application's id. */
export async function applyWithAnswers(api: APIRequestContext, offerId: string, message: string, answers: Record<string, unknown>) {
  const applied = await api.post(`/api/sponsorships/${offerId}/apply`, { data: { message, answers } })
  expect(applied.status(), await applied.text()).toBe(201)
  return ((await applied.json()) as { id: string }).id
}

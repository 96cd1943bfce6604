/**
 * An offer's rules for who may apply, as every screen words them (docs/api/eligibility.md): the
 * criteria summary everyone reads, which failed rules a member fixes on their profile, and an
 * answer as the applicant and the poster read it.
 */
import type { Answer, Criteria, EligibilityCode, Reason } from './api-types.gen'

import { formatDate } from './dates'

/** The place that matches online events only, on a member's profile and in an offer's locations. */
export const ONLINE = 'Online'

export const isOnline = (place: string) => place.trim().toLowerCase() === ONLINE.toLowerCase()

const count = new Intl.NumberFormat('en-US')

/** The parts of an offer the summary reads. */
interface Ruled {
  criteria?: Criteria
  applicationCap?: number
  applicationCount?: number
}

/** The event-date window in words ("Mar 1, 2027 – Jun 30, 2027", "from Mar 1, 2027", "until Jun 30, 2027"). */
function dateWindow(from: string, to: string): string {
  const f = from ? formatDate(from, 'UTC') : ''
  const t = to ? formatDate(to, 'UTC') : ''
  if (f && t) return `events ${f} – ${t}`
  if (f) return `events from ${f}`
  return `events until ${t}`
}

/** The rules of an offer in short ("Pune, Mumbai", "Education", "verified members", "12 of 50 places taken"); [] for none. */
export function criteriaParts(item: Ruled): string[] {
  const c = item.criteria
  const parts: string[] = []
  if (c?.locations.length) parts.push(c.locations.map((p) => (isOnline(p) ? 'online events' : p)).join(', '))
  if (c?.categories.length) parts.push(c.categories.join(', '))
  if (c && (c.eventFrom || c.eventTo)) parts.push(dateWindow(c.eventFrom, c.eventTo))
  if (c?.minAudience) parts.push(`audience ${count.format(c.minAudience)}+`)
  if (c?.verifiedOnly) parts.push('verified members')
  if (c?.reliableOnly) parts.push('reliable members')
  if (item.applicationCap) parts.push(`${count.format(item.applicationCount ?? 0)} of ${count.format(item.applicationCap)} places taken`)
  return parts
}

/**
 * "Who can apply: Pune, Mumbai · Education · verified members · 12 of 50 places taken", or null for an
 * offer anyone may apply to.
 */
export function criteriaSummary(item: Ruled): string | null {
  const parts = criteriaParts(item)
  return parts.length ? `Who can apply: ${parts.join(' · ')}` : null
}

/** The id of the sentences saying why a member cannot apply, which the disabled Apply points to (card and detail differ: both may be on screen). */
export function eligibilityNoteId(listingId: string, detail: boolean): string {
  return `eligibility-${detail ? 'detail' : 'card'}-${listingId}`
}

/** The rules a member passes by describing their events in Settings. */
const profileCodes: ReadonlySet<EligibilityCode> = new Set(['location', 'category', 'eventDate', 'audience'])

/** Whether updating "Your events" could make the member eligible for some of these. */
export function profileWouldHelp(issues: readonly Reason[]): boolean {
  return issues.some((i) => profileCodes.has(i.code))
}

/** The failed rules a signed-in member reads on an offer ([] when they may apply, or for anyone else). */
export function eligibilityOf(item: { eligibility?: Reason[] }): Reason[] {
  return item.eligibility ?? []
}

/** An answer's value as read ("Yes", "120", the text or the link). */
export function answerText(answer: Pick<Answer, 'kind' | 'value'>): string {
  if (answer.kind === 'yesno') return answer.value === true || answer.value === 'true' ? 'Yes' : 'No'
  if (answer.kind === 'number' && typeof answer.value === 'number') return count.format(answer.value)
  return String(answer.value ?? '')
}

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import type { ApiAnswer, ApiBody } from '@/lib/api-types.gen'
import { queryKeys } from '@/lib/query-keys'

/** docs/api/matches-and-alerts.md, "E-mail choices". */
export type EmailTopic = 'messages' | 'applications' | 'deals' | 'listings' | 'matches' | 'alerts' | 'planExpiry'
/** Each topic's switch, by topic (GET /api/user/email-preferences). */
export type EmailPreferences = ApiAnswer<'GET /api/user/email-preferences'>

export const EMAIL_TOPICS: { topic: EmailTopic; label: string; hint: string }[] = [
  { topic: 'messages', label: 'Messages', hint: 'When a member writes to you' },
  {
    topic: 'applications',
    label: 'Applications and sponsorships',
    hint: 'Applications to your offers, decisions on yours, sponsorships of your requests',
  },
  {
    topic: 'deals',
    label: 'Deals',
    hint: 'Each step of your deals: deliverables, money sent and received, proof, cancellations, disputes and reviews',
  },
  { topic: 'listings', label: 'Your listings', hint: 'Moderation results, requests closed after their event' },
  { topic: 'matches', label: 'Matches', hint: 'New listings that match yours (at most one e-mail an hour)' },
  { topic: 'alerts', label: 'Saved search alerts', hint: 'New listings for your saved searches (at most one e-mail an hour per search)' },
  { topic: 'planExpiry', label: 'Plan expiry', hint: 'A reminder three days before your plan ends, and refunds of your payments' },
]

function emailPreferencesQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.emailPreferences,
    queryFn: ({ signal }) => api('GET /api/user/email-preferences', { signal }),
  })
}

export function useEmailPreferences() {
  return useQuery(emailPreferencesQueryOptions())
}

export function useSetEmailPreference() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (change: ApiBody<'PATCH /api/user/email-preferences'>) => api('PATCH /api/user/email-preferences', { body: change }),
    onSuccess: (prefs) => qc.setQueryData(emailPreferencesQueryOptions().queryKey, prefs),
  })
}

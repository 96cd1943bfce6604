/*
 * Renewing a completed deal (docs/api/proof-of-value.md, "Renewing"): the sponsor opens a new deal
 * with the same member; the recipient invites the sponsor to one of their open requests.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod/mini'
import { api } from '@/lib/api'
import { fetchPage } from '@/lib/list-page'
import { isCalendarDay } from '@/lib/dates'
import { limits } from '@/lib/limits.gen'
import { queryKeys } from '@/lib/query-keys'

const RENEW_AMOUNT_MAX = limits.renewalAmount
const amountMessage = `Amount must be a whole number from 1 to ${RENEW_AMOUNT_MAX.toLocaleString('en-US')}`
/** The server's words for a date that is not one, or is in the past. */
const eventDateMessage = 'The event date must be a date (YYYY-MM-DD), not in the past'

/** The renewal's amount (a whole number, prefilled with the deal's) and its next event date (optional, not in the past). */
export const renewSchema = z.object({
  amount: z.string().check(
    z.trim(),
    z.refine((v) => /^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= RENEW_AMOUNT_MAX, amountMessage),
  ),
  eventDate: z.string().check(z.refine((v) => v === '' || (isCalendarDay(v) && v >= localToday()), eventDateMessage)),
})

export type RenewValues = z.infer<typeof renewSchema>

/** Today in the member's calendar, as a date input writes it: the earliest next event date. */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}

/** POST /api/deals/{id}/renew: answers the new deal (its proposal the old deal's deliverables). */
export function useRenewDeal(dealId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ amount, eventDate }: RenewValues) =>
      api('POST /api/deals/{id}/renew', {
        params: { id: dealId },
        body: { amount: Number(amount), ...(eventDate ? { eventDate } : {}) },
      }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.deals })
      void queryClient.invalidateQueries({ queryKey: queryKeys.notifications })
    },
  })
}

/** POST /api/deals/{id}/invite: the sponsor is notified and told in the conversation. */
export function useInviteSponsor(dealId: string) {
  return useMutation({
    mutationFn: (requestId: string) => api('POST /api/deals/{id}/invite', { params: { id: dealId }, body: { requestId } }),
  })
}

/**
 * The member's open requests (the requests' list filtered to them: open is its default), those the
 * administrators approved: what a sponsor can be invited to.
 */
function ownOpenRequestsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: [...queryKeys.sponsorshipRequests, 'own-open', userId],
    queryFn: ({ signal }) =>
      fetchPage('GET /api/sponsorship-requests', { query: { userId, status: 'open' }, signal }).then((page) =>
        page.items.filter((r) => r.approved),
      ),
  })
}

export function useOwnOpenRequests(userId: string, enabled: boolean) {
  return useQuery({ ...ownOpenRequestsQueryOptions(userId), enabled })
}

import { act, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { notificationFollows } from '@/features/messages/use-inbox-realtime'
import { OfferApplications } from '@/features/sponsoring/components/OfferApplications'
import { mockFetch } from '@/test/fetch-mock'
import { listResponse, makeReviewItem } from '@/test/fixtures'
import { renderWithProviders } from '@/test/render'

describe("the poster's open applications view", () => {
  it("reads its list again when a new application's notification arrives (no polling), once", async () => {
    let list = [makeReviewItem('a1', 'Asha Rao')]
    const { calls } = mockFetch({ 'GET /api/sponsorships/o1/applications': () => listResponse(list) })
    const { queryClient } = renderWithProviders(<OfferApplications offerId="o1" onCompare={() => {}} />)
    await screen.findByRole('article', { name: /Asha Rao/ })
    list = [makeReviewItem('a2', 'Ben Ito'), ...list]
    // what the inbox's realtime subscription does on an `application` notification (use-inbox-realtime.ts)
    for (const key of notificationFollows('application')) await act(() => queryClient.invalidateQueries({ queryKey: key }))
    expect(await screen.findByRole('article', { name: /Ben Ito/ })).toBeInTheDocument()
    expect(calls.filter((c) => c.url.pathname === '/api/sponsorships/o1/applications')).toHaveLength(2)
  })
})

import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Deal, DealReviews } from '@/lib/api-types.gen'
import { createQueryClient } from '@/lib/query-client'
import { json, mockFetch } from '@/test/fetch-mock'
import { makeDeal, makePerson, makeReview } from '@/test/fixtures'
import { renderWithProviders } from '@/test/render'
import { dealQueryOptions, useDeal } from '../api/deals'
import { ReviewsCard } from './ReviewsCard'

afterEach(() => vi.unstubAllGlobals())

/** The card as the deal page shows it: from the deal's query, so that the answers' cache updates show. */
function Harness() {
  const deal = useDeal('d1').data
  return deal ? <ReviewsCard deal={deal} meId="u1" otherName="Arun Mehta" /> : null
}

function renderCard(reviews: Partial<DealReviews> = {}, deal: Partial<Deal> = {}) {
  const d = makeDeal({ ...deal, reviews: { ...makeDeal().reviews!, ...reviews } })
  const queryClient = createQueryClient()
  queryClient.setQueryData(dealQueryOptions('d1').queryKey, d)
  return renderWithProviders(<Harness />, { queryClient })
}

const badRequest = (fields: Record<string, string>) =>
  json(
    {
      status: 400,
      message: 'Please check the highlighted fields.',
      data: Object.fromEntries(Object.entries(fields).map(([k, message]) => [k, { code: 'validation_invalid', message }])),
    },
    400,
  )

describe('ReviewsCard: the review form', () => {
  it('asks for a rating and the text before sending, in the server words', async () => {
    const user = userEvent.setup()
    const { calls } = mockFetch({})
    renderCard()
    expect(screen.getByRole('radiogroup', { name: 'Your rating' })).toBeInTheDocument()
    expect(screen.getAllByRole('radio').map((r) => r.getAttribute('aria-label'))).toEqual([
      '1 star',
      '2 stars',
      '3 stars',
      '4 stars',
      '5 stars',
    ])
    await user.click(screen.getByRole('button', { name: 'Post review' }))
    expect(await screen.findByText('Choose a rating from 1 to 5')).toBeInTheDocument()
    expect(screen.getByText('Tell others how the deal went')).toBeInTheDocument()
    expect(screen.getByRole('radiogroup')).toHaveAccessibleDescription('Choose a rating from 1 to 5')
    expect(calls).toHaveLength(0)
    await user.type(screen.getByLabelText('Your review'), 'Good')
    expect(screen.getByText('4 / 2000')).toBeInTheDocument()
  })

  it('puts the server field errors under their fields', async () => {
    const user = userEvent.setup()
    const { calls } = mockFetch({
      'POST /api/deals/d1/review': () =>
        badRequest({ rating: 'Choose a rating from 1 to 5', body: 'Review must be at most 2000 characters' }),
    })
    renderCard()
    await user.click(screen.getByRole('radio', { name: '4 stars' }))
    await user.type(screen.getByLabelText('Your review'), '  Paid on time, clear about the banner. ')
    await user.click(screen.getByRole('button', { name: 'Post review' }))
    expect(await screen.findByText('Review must be at most 2000 characters')).toBeInTheDocument()
    expect(screen.getByText('Choose a rating from 1 to 5')).toBeInTheDocument()
    expect(calls[0].body).toEqual({ rating: 4, body: 'Paid on time, clear about the banner.' })
  })

  it('shows a refusal (409) in its words as an alert', async () => {
    const user = userEvent.setup()
    mockFetch({
      'POST /api/deals/d1/review': () => json({ status: 409, message: 'You have already reviewed this deal.', data: {} }, 409),
    })
    renderCard()
    await user.click(screen.getByRole('radio', { name: '5 stars' }))
    await user.type(screen.getByLabelText('Your review'), 'Great sponsor.')
    await user.click(screen.getByRole('button', { name: 'Post review' }))
    expect(await within(screen.getByTestId('review-form')).findByRole('alert')).toHaveTextContent('You have already reviewed this deal.')
  })

  it('shows the posted review at once, with when the other side reads it', async () => {
    const user = userEvent.setup()
    const mine = makeReview({
      id: 'rv2',
      rating: 4,
      body: 'Paid on time.',
      author: makePerson({ id: 'u1', displayName: 'Priya Sharma' }),
      subject: makePerson(),
      visibleAt: '2099-01-15T12:00:00Z',
    })
    mockFetch({
      'POST /api/deals/d1/review': () => json(mine, 201),
      // the deal read again after the review: it has not changed
      'GET /api/deals/d1': () => json(makeDeal({ reviews: { open: false, opensAt: '', mine, theirs: null, theirsWritten: false } })),
    })
    renderCard()
    await user.click(screen.getByRole('radio', { name: '4 stars' }))
    await user.type(screen.getByLabelText('Your review'), 'Paid on time.')
    await user.click(screen.getByRole('button', { name: 'Post review' }))
    const item = await screen.findByTestId('review-mine')
    expect(within(item).getByRole('heading', { name: 'Your review' })).toBeInTheDocument()
    expect(within(item).getByRole('img', { name: 'Rated 4 out of 5' })).toBeInTheDocument()
    expect(item).toHaveTextContent('Shown to Arun Mehta when they write theirs, or on Jan 15, 2099.')
    expect(screen.queryByRole('button', { name: 'Post review' })).toBeNull()
    expect(screen.getByTestId('toast')).toHaveTextContent('Review posted')
  })
})

describe('ReviewsCard: what the member reads', () => {
  it('says the other side has written theirs, and keeps it from the member until they write', () => {
    mockFetch({})
    renderCard({ theirsWritten: true })
    expect(screen.getByTestId('theirs-written')).toHaveTextContent('Arun Mehta has written a review: write yours to read it.')
    expect(screen.getByRole('button', { name: 'Post review' })).toBeInTheDocument()
    expect(screen.queryByTestId('review-theirs')).toBeNull()
  })

  it('offers Reply to the reviewed member only, and sends it', async () => {
    const user = userEvent.setup()
    const theirs = makeReview()
    const replied = { ...theirs, reply: 'Thank you, Arun!', repliedAt: '2026-11-13T09:00:00Z' }
    const { calls } = mockFetch({
      'POST /api/reviews/rv1/reply': () => json(replied),
      'GET /api/deals/d1': () =>
        json(makeDeal({ reviews: { open: true, opensAt: '', mine: null, theirs: replied, theirsWritten: false } })),
    })
    renderCard({ theirs })
    const item = screen.getByTestId('review-theirs')
    expect(within(item).getByRole('heading', { name: 'Arun Mehta’s review' })).toBeInTheDocument()
    expect(item).toHaveTextContent('Everything delivered on time, with photos.')
    await user.click(within(item).getByRole('button', { name: 'Reply' }))
    const dialog = screen.getByRole('dialog', { name: 'Reply to Arun Mehta’s review' })
    await user.click(within(dialog).getByRole('button', { name: 'Post reply' }))
    expect(await within(dialog).findByText('Write your reply')).toBeInTheDocument()
    await user.type(within(dialog).getByLabelText('Your reply'), 'Thank you, Arun!')
    await user.click(within(dialog).getByRole('button', { name: 'Post reply' }))
    expect(await within(screen.getByTestId('review-theirs')).findByTestId('review-reply')).toHaveTextContent('Thank you, Arun!')
    expect(calls.find((c) => c.url.pathname === '/api/reviews/rv1/reply')?.body).toEqual({ body: 'Thank you, Arun!' })
    expect(within(screen.getByTestId('review-theirs')).queryByRole('button', { name: 'Reply' })).toBeNull()
  })

  it('has no Reply for a review about someone else, nor for one replied to', () => {
    mockFetch({})
    const { unmount } = renderCard({ theirs: makeReview({ subject: makePerson({ id: 'u9' }) }) })
    expect(screen.getByTestId('review-theirs')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Reply' })).toBeNull()
    unmount()
    renderCard({ theirs: makeReview({ reply: 'Thanks!', repliedAt: '2026-11-13T09:00:00Z' }) })
    expect(screen.getByTestId('review-reply')).toHaveTextContent('Your reply')
    expect(screen.queryByRole('button', { name: 'Reply' })).toBeNull()
  })

  it.each([
    [
      { status: 'funded' as const },
      { open: false, opensAt: '2027-03-16T12:00:00Z' },
      'Reviews open on Mar 16, 2027, 30 days after the event.',
    ],
    [{ status: 'negotiating' as const }, { open: false }, 'Reviews open when the deal is completed.'],
    [{ status: 'cancelled' as const }, { open: false }, 'A cancelled deal is not reviewed.'],
  ])('says when reviews open (%j)', (deal, reviews, text) => {
    mockFetch({})
    renderCard(reviews, deal)
    expect(screen.getByTestId('deal-reviews')).toHaveTextContent(text)
    expect(screen.queryByRole('button', { name: 'Post review' })).toBeNull()
  })
})

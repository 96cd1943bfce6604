import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Review } from '@/lib/api-types.gen'
import { json, mockFetch } from '@/test/fetch-mock'
import { makePerson, makeReview, pageHeaders } from '@/test/fixtures'
import { renderWithProviders } from '@/test/render'
import { ProfileReviews } from './ProfileReviews'

afterEach(() => vi.unstubAllGlobals())

const replied = makeReview({ reply: 'Thank you, Arun!', repliedAt: '2026-11-13T09:00:00Z' })
const second = makeReview({
  id: 'rv2',
  rating: 3,
  body: 'Slow to answer, but it all happened.',
  author: makePerson({ id: 'u3', username: 'meera', displayName: 'Meera Rao' }),
  listing: { kind: 'sponsorships', id: 's1', title: 'Coding scholarships' },
})

function reviewsApi(pages: Review[][]) {
  return {
    'GET /api/users/u1/reviews': ({ url }: { url: URL }) => {
      const page = Number(url.searchParams.get('page') ?? '1')
      return json(pages[page - 1] ?? [], 200, pageHeaders(pages.flat().length, page < pages.length, page, 1))
    },
  }
}

describe('ProfileReviews', () => {
  it('lists the reviews: author, stars, listing, text, the reply; Load more', async () => {
    const user = userEvent.setup()
    const { calls } = mockFetch(reviewsApi([[replied], [second]]))
    renderWithProviders(<ProfileReviews userId="u1" isOwn={false} canHide={false} />)
    const [first] = await screen.findAllByTestId('review')
    expect(within(first).getByRole('link', { name: 'Arun Mehta' })).toHaveAttribute('href', '/profile?userId=u2')
    expect(within(first).getByRole('img', { name: 'Rated 5 out of 5' })).toBeInTheDocument()
    expect(within(first).getByRole('link', { name: 'Robotics team travel' })).toHaveAttribute('href', '/listings/requests/r1')
    expect(first).toHaveTextContent('Everything delivered on time, with photos.')
    expect(within(first).getByTestId('review-reply')).toHaveTextContent('Reply from Priya Sharma')
    expect(within(first).getByTestId('review-reply')).toHaveTextContent('Thank you, Arun!')
    expect(Object.fromEntries(calls[0].url.searchParams)).toEqual({ page: '1' })
    await user.click(screen.getByRole('button', { name: 'Load more' }))
    expect(await screen.findByText('Slow to answer, but it all happened.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Coding scholarships' })).toHaveAttribute('href', '/listings/sponsorships/s1')
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull()
    expect(screen.queryByRole('button', { name: /Hide/ })).toBeNull()
  })

  it('says when there are none yet', async () => {
    mockFetch(reviewsApi([[]]))
    renderWithProviders(<ProfileReviews userId="u1" isOwn={false} canHide={false} />)
    expect(await screen.findByText('No reviews yet.')).toBeInTheDocument()
  })

  it('gives administrators Hide, with a reason, and marks the hidden ones', async () => {
    const user = userEvent.setup()
    const hiddenOne = makeReview({ id: 'rv3', hidden: true, hiddenReason: 'Insults', body: 'Rude words.' })
    const list = [replied, hiddenOne]
    const { calls } = mockFetch({
      ...reviewsApi([list]),
      'POST /api/admin/reviews/rv1/hide': () => {
        list[0] = { ...replied, hidden: true, hiddenReason: 'Shares a phone number.' }
        return json(list[0])
      },
    })
    renderWithProviders(<ProfileReviews userId="u1" isOwn={false} canHide />)
    const rows = await screen.findAllByTestId('review')
    expect(within(rows[1]).getByText('Hidden: Insults')).toBeInTheDocument()
    expect(within(rows[1]).queryByRole('button', { name: /Hide/ })).toBeNull()
    await user.click(within(rows[0]).getByRole('button', { name: 'Hide Arun Mehta’s review' }))
    const dialog = await screen.findByRole('dialog', { name: 'Hide this review' })
    await user.click(within(dialog).getByRole('button', { name: 'Hide review' }))
    expect(await within(dialog).findByText('Tell the author why the review is hidden')).toBeInTheDocument()
    await user.type(within(dialog).getByLabelText('Reason'), 'Shares a phone number.')
    expect(within(dialog).getByText('22 / 1000')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Hide review' }))
    expect(await within(rows[0]).findByText('Hidden: Shares a phone number.')).toBeInTheDocument()
    expect(calls.find((c) => c.url.pathname === '/api/admin/reviews/rv1/hide')?.body).toEqual({ reason: 'Shares a phone number.' })
    expect(within(rows[0]).queryByRole('button', { name: /Hide/ })).toBeNull()
  })
})

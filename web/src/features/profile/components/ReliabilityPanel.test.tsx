import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { Reliability } from '@/lib/api-types.gen'
import { makeUser } from '@/test/fixtures'
import { renderWithProviders } from '@/test/render'
import { duration } from '../duration'
import { ReliabilityPanel } from './ReliabilityPanel'

const reliability = (r: Partial<Reliability>): Reliability => ({ ...makeUser().reliability, ...r })

describe('ReliabilityPanel', () => {
  it('shows the rating with its count, in stars and words, and defines it', () => {
    renderWithProviders(<ReliabilityPanel reliability={reliability({ fundedDeals: 2, completedDeals: 2, rating: 4.5, ratingCount: 2 })} />)
    expect(screen.getByTestId('rating')).toHaveTextContent('4.5 out of 5 from 2 reviews')
    expect(screen.getByRole('img', { name: 'Rated 4.5 out of 5' })).toBeInTheDocument()
    expect(screen.getByText(/^Rating: the average of the shown reviews/)).toHaveTextContent('double-blind')
    expect(screen.getByText(/^Completion rate: of the deals where the money moved/)).toBeInTheDocument()
  })

  it('says one review in the singular, a whole rating without a decimal', () => {
    renderWithProviders(<ReliabilityPanel reliability={reliability({ rating: 5, ratingCount: 1 })} />)
    expect(screen.getByTestId('rating')).toHaveTextContent('5 out of 5 from 1 review')
    expect(screen.getByRole('img', { name: 'Rated 5 out of 5' })).toBeInTheDocument()
  })

  it('says how long they usually take to answer, and whether they count as reliable', () => {
    const { unmount } = renderWithProviders(
      <ReliabilityPanel reliability={reliability({ medianAnswerSeconds: 3 * 3600 + 100, answerCount: 12, reliable: true })} />,
    )
    expect(screen.getByTestId('answer-time')).toHaveTextContent('usually within 3 hours (12 answers)')
    expect(screen.getByTestId('reliable-poster')).toHaveTextContent('Reliable poster')
    expect(screen.getByTestId('reliable-poster')).toHaveAttribute('title', expect.stringContaining('at least 3 different members'))
    expect(screen.getByText(/^Reliable poster: completed deals of \$50 or more/)).toHaveTextContent('not a background check')
    expect(screen.getByText(/^Time to answer: the median time/)).toBeInTheDocument()
    unmount()
    renderWithProviders(<ReliabilityPanel reliability={reliability({})} />)
    expect(screen.getByTestId('answer-time')).toHaveTextContent('nothing answered yet')
    expect(screen.queryByTestId('reliable-poster')).toBeNull()
  })

  it('rounds a time to answer to the unit people think in', () => {
    expect([20, 90, 59 * 60, 3600, 47 * 3600, 3 * 86400].map(duration)).toEqual([
      'a minute',
      '2 minutes',
      '59 minutes',
      '1 hour',
      '47 hours',
      '3 days',
    ])
  })

  it('says when there are no reviews yet, without stars', () => {
    renderWithProviders(<ReliabilityPanel reliability={reliability({})} />)
    expect(screen.getByTestId('rating')).toHaveTextContent('No reviews yet')
    expect(screen.queryByRole('img')).toBeNull()
  })
})

import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { Reliability } from '@/lib/api-types.gen'
import { makeUser } from '@/test/fixtures'
import { renderWithProviders } from '@/test/render'
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

  it('says when there are no reviews yet, without stars', () => {
    renderWithProviders(<ReliabilityPanel reliability={reliability({})} />)
    expect(screen.getByTestId('rating')).toHaveTextContent('No reviews yet')
    expect(screen.queryByRole('img')).toBeNull()
  })
})

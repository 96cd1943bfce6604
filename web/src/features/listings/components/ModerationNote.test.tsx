import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { makeSponsorship } from '@/test/fixtures'
import { renderWithProviders } from '@/test/render'
import { ListingCard } from './ListingCard'

const rejected = makeSponsorship({ reviewed: true, approved: false, rejectionReason: 'Please add the venue' })

describe('review state on a card', () => {
  it('shows the poster the rejection, its reason and what to do', () => {
    renderWithProviders(
      <ListingCard listing={{ kind: 'sponsorships', item: rejected }} currentUserId={rejected.userId} onOpen={() => {}} />,
    )
    expect(screen.getByText('Rejected')).toBeInTheDocument()
    expect(screen.getByText('Rejected: Please add the venue')).toBeInTheDocument()
    expect(screen.getByText('Edit the listing to send it for review again.')).toBeInTheDocument()
  })

  it('shows an administrator the reason, without the poster hint', () => {
    renderWithProviders(<ListingCard listing={{ kind: 'sponsorships', item: rejected }} currentUserId="admin" onOpen={() => {}} />)
    expect(screen.getByText('Rejected: Please add the venue')).toBeInTheDocument()
    expect(screen.queryByText('Edit the listing to send it for review again.')).not.toBeInTheDocument()
  })

  it('marks pending listings for their poster only', () => {
    const pending = makeSponsorship()
    const { unmount } = renderWithProviders(
      <ListingCard listing={{ kind: 'sponsorships', item: pending }} currentUserId={pending.userId} onOpen={() => {}} />,
    )
    expect(screen.getByText('Pending review')).toBeInTheDocument()
    unmount()
    renderWithProviders(<ListingCard listing={{ kind: 'sponsorships', item: pending }} currentUserId="someone" onOpen={() => {}} />)
    expect(screen.queryByText('Pending review')).not.toBeInTheDocument()
    expect(screen.getByRole('img', { name: 'Verified member' })).toBeInTheDocument()
  })
})

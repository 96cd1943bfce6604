import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { Figure, Kit } from '@/lib/api-types.gen'
import { json, mockFetch } from '@/test/fetch-mock'
import { renderWithProviders } from '@/test/render'
import { KitPage } from './KitPage'

const figure = (value: number, provenance: Figure['provenance'], stale = false): Figure => ({
  value,
  provenance,
  asOf: '2026-01-10',
  stale,
  evidence: null,
})

const kit: Kit = {
  owner: { id: 'u9', username: 'asha', displayName: 'Asha Rao', avatar: '', isVerified: true, deleted: false },
  headline: 'A student science fest',
  audience: { ...figure(1200, 'evidenced'), evidence: { id: 'f1', kind: 'pdf', name: 'tickets.pdf', url: '/api/evidence/f1' } },
  segments: [{ id: 's1', label: 'Pune residents', share: figure(85, 'self', true) }],
  channels: [],
  pastEvents: [],
  measured: {
    deals: figure(3, 'measured'),
    amountReceived: figure(4500, 'measured'),
    onTimeShare: figure(80, 'measured'),
    reachLargest: figure(900, 'measured'),
    reachTotal: figure(1500, 'measured'),
  },
  pastSponsors: [
    {
      person: { id: 'u2', username: 'arun', displayName: 'Arun Mehta', avatar: '', isVerified: false, deleted: false },
      deals: 2,
      lastCompletedAt: '2026-11-20T10:00:00Z',
    },
  ],
  published: true,
  publishedAt: '2026-11-21T10:00:00Z',
  updatedAt: '2026-11-21T10:00:00Z',
}

const render = () => renderWithProviders(<KitPage />, { route: '/kits/asha', path: '/kits/:username' })

describe('KitPage', () => {
  it("shows a visitor the kit's figures with where each came from, the measured block, past sponsors, a call to join, and prints", async () => {
    const user = userEvent.setup()
    const print = vi.spyOn(window, 'print').mockImplementation(() => {})
    mockFetch({ 'GET /api/session': () => json({ user: null }), 'GET /api/kits/asha': () => json(kit) })
    render()
    expect(await screen.findByRole('heading', { level: 1, name: /Asha Rao/ })).toBeInTheDocument()
    expect(screen.getByTestId('kit-audience')).toHaveTextContent('1,200')
    expect(screen.getByText('Evidenced')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Evidence: tickets.pdf (opens in a new tab)' })).toHaveAttribute('href', '/api/evidence/f1')
    expect(screen.getByTestId('stale')).toHaveTextContent('Stale: as of Jan 10, 2026')
    expect(screen.getByRole('region', { name: 'Measured by SponsorBridge' })).toHaveTextContent('80%')
    expect(screen.getByRole('region', { name: 'Past sponsors' })).toHaveTextContent('Arun Mehta')
    expect(screen.getByRole('region', { name: 'Past sponsors' })).toHaveTextContent('2 completed deals')
    expect(await screen.findByRole('link', { name: 'Join SponsorBridge' })).toHaveAttribute('href', '/auth')

    await user.click(screen.getByRole('button', { name: 'Print' }))
    expect(print).toHaveBeenCalledTimes(1)
  }, 30_000)

  it('says "Media kit not found" for an unpublished kit, no kit, or no such member (404)', async () => {
    mockFetch({
      'GET /api/session': () => json({ user: null }),
      'GET /api/kits/asha': () => json({ status: 404, message: 'Media kit not found.', data: {} }, 404),
    })
    render()
    expect(await screen.findByRole('heading', { level: 1, name: 'Media kit not found' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Print' })).toBeNull()
  }, 30_000)
})

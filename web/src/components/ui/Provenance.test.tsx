import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { FigureSource, ProvenanceBadge } from './Provenance'

describe('Provenance', () => {
  it('names each provenance in words, for screen readers too', () => {
    render(
      <>
        <ProvenanceBadge provenance="self" />
        <ProvenanceBadge provenance="evidenced" />
        <ProvenanceBadge provenance="measured" />
      </>,
    )
    expect(screen.getByText('Self-reported').closest('[data-provenance]')).toHaveTextContent('Source: Self-reported')
    expect(screen.getByText('Evidenced').closest('[data-provenance]')).toHaveAttribute(
      'title',
      'Typed in by the member, with a file attached',
    )
    expect(screen.getByText('Measured').closest('[data-provenance]')).toHaveAttribute('data-provenance', 'measured')
  })

  it('marks a stale figure "Stale: as of {date}", a fresh one "as of {date}", and links its evidence', () => {
    const evidence = { id: 'e1', kind: 'pdf' as const, name: 'sales.pdf', url: '/api/evidence/e1' }
    const { rerender } = render(<FigureSource figure={{ provenance: 'evidenced', asOf: '2026-01-15', stale: true, evidence }} />)
    expect(screen.getByTestId('stale')).toHaveTextContent(/^Stale: as of Jan 15, 2026$/)
    expect(screen.getByRole('link', { name: 'Evidence: sales.pdf (opens in a new tab)' })).toHaveAttribute('href', '/api/evidence/e1')

    rerender(<FigureSource figure={{ provenance: 'self', asOf: '2026-11-30', stale: false, evidence: null }} />)
    expect(screen.queryByTestId('stale')).toBeNull()
    expect(screen.getByText('as of Nov 30, 2026')).toBeInTheDocument()
    expect(screen.queryByRole('link')).toBeNull()
  })
})

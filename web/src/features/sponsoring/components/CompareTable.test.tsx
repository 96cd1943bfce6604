import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { makePerson, makeReviewItem } from '@/test/fixtures'
import { renderWithProviders } from '@/test/render'
import type { CompareItem, Question } from '@/lib/api-types.gen'
import { CompareTable } from './CompareTable'

const questions: Question[] = [
  { id: 'q1', label: 'How many students attend?', kind: 'number', required: true },
  { id: 'q2', label: 'Link to last year’s event', kind: 'link', required: false },
  { id: 'q3', label: 'Do you print banners?', kind: 'yesno', required: false },
]

function compared(overrides: Partial<CompareItem> & { id: string; applicant: CompareItem['applicant'] }): CompareItem {
  return { ...makeReviewItem(overrides.id, overrides.applicant.displayName), shortlisted: true, reviews: [], ...overrides }
}

const asha = compared({
  id: 'a1',
  applicant: makePerson({ id: 'u3', displayName: 'Asha Rao', isVerified: true }),
  answers: [
    { questionId: 'q1', label: 'How many students attend?', kind: 'number', value: 1200 },
    { questionId: 'q2', label: 'Link to last year’s event', kind: 'link', value: 'https://example.org/fair' },
    { questionId: 'q3', label: 'Do you print banners?', kind: 'yesno', value: true },
    { questionId: 'old', label: 'Which school?', kind: 'short', value: 'St. Mary’s' },
  ],
  match: { score: 212, reasons: ['shares Education', 'in Pune'] },
  applicantProfile: { ...makeReviewItem('x', 'x').applicantProfile, reliable: true, completedDeals: 4, rating: 4.5, reviewCount: 3 },
  reviews: [
    { rating: 5, comment: 'Delivered every banner.', createdAt: '2026-11-02T09:00:00Z', author: makePerson({ displayName: 'Kiran' }) },
  ],
})
const ben = compared({
  id: 'a2',
  status: 'accepted',
  dealId: 'd9',
  applicant: makePerson({ id: 'u4', displayName: 'Ben Ito' }),
  answers: [{ questionId: 'q1', label: 'How many students attend?', kind: 'number', value: 80 }],
  eligibility: [{ code: 'location', message: 'This sponsor supports events in Pune only.' }],
})

function renderTable(onAccept = vi.fn(), onDecline = vi.fn()) {
  renderWithProviders(<CompareTable questions={questions} applications={[asha, ben]} onAccept={onAccept} onDecline={onDecline} />)
  return within(screen.getByRole('table'))
}

/** The cells of the table's row headed `label`, one an applicant. */
function rowCells(table: ReturnType<typeof within>, label: string) {
  const row = table.getByRole('rowheader', { name: label }).closest('tr')!
  return within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent)
}

describe('CompareTable', () => {
  it('puts each applicant in a column and each question in a row, with their answers as given', () => {
    const table = renderTable()
    expect(table.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      expect.stringContaining('Asha Rao'),
      expect.stringContaining('Ben Ito'),
    ])
    expect(rowCells(table, 'How many students attend?')).toEqual([(1200).toLocaleString(), '80'])
    expect(rowCells(table, 'Do you print banners?')).toEqual(['Yes', 'No answer'])
    expect(table.getByRole('link', { name: 'https://example.org/fair' })).toHaveAttribute('href', 'https://example.org/fair')
    // an answer to a question the offer has since removed is still shown
    expect(rowCells(table, 'Which school?')).toEqual(['St. Mary’s', 'No answer'])
  })

  it('shows the match reasons, reliability, reviews and what an applicant fails now', () => {
    const table = renderTable()
    expect(rowCells(table, 'Match')[0]).toContain('shares Education')
    expect(rowCells(table, 'Match')[1]).toContain('Not eligible now: This sponsor supports events in Pune only.')
    expect(rowCells(table, 'Reliability')[0]).toMatch(/Reliable.*4\.5 · 3 reviews.*4 completed deals/)
    expect(rowCells(table, 'Reliability')[1]).toContain('No reviews yet')
    expect(rowCells(table, 'Reviews')[0]).toContain('Delivered every banner.')
    expect(rowCells(table, 'Audience')).toEqual(['300', '300'])
  })

  it('accepts or declines a pending applicant from the table; a decided one links to its deal', async () => {
    const user = userEvent.setup()
    const onAccept = vi.fn()
    const onDecline = vi.fn()
    const table = renderTable(onAccept, onDecline)
    await user.click(table.getByRole('button', { name: 'Accept Asha Rao' }))
    expect(onAccept).toHaveBeenCalledWith(asha)
    await user.click(table.getByRole('button', { name: 'Decline Asha Rao' }))
    expect(onDecline).toHaveBeenCalledWith(asha)
    expect(table.queryByRole('button', { name: 'Accept Ben Ito' })).not.toBeInTheDocument()
    expect(table.getByRole('link', { name: 'Open the deal' })).toHaveAttribute('href', '/deals/d9')
  })

  it('gives a phone one card an applicant with the same rows', () => {
    renderTable()
    const cards = within(screen.getByRole('list', { name: 'Compared applications' })).getAllByTestId('compare-card')
    expect(cards).toHaveLength(2)
    expect(within(cards[0]).getByText('How many students attend?')).toBeInTheDocument()
    expect(cards[0]).toHaveTextContent('Asha Rao')
  })
})

import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { currentUserQueryOptions } from '@/features/auth/session'
import { createQueryClient } from '@/lib/query-client'
import type { DealOverview } from '@/lib/api-types.gen'
import { json, mockFetch } from '@/test/fetch-mock'
import { listResponse, makeDeal, makeUser } from '@/test/fixtures'
import { renderWithProviders } from '@/test/render'
import { SponsorshipsPage } from './SponsorshipsPage'

// jsdom draws no canvas: each chart is its named canvas, which is what a screen reader meets too.
vi.mock('react-chartjs-2', () => ({
  Chart: (props: { 'aria-label': string }) => <canvas role="img" aria-label={props['aria-label']} />,
}))

afterEach(() => vi.unstubAllGlobals())

/** The last 12 months, 2025-12 … 2026-11, every one present. */
const monthKeys = Array.from({ length: 12 }, (_, i) => (i === 0 ? '2025-12' : `2026-${String(i).padStart(2, '0')}`))

const overview: DealOverview = {
  given: { total: 1500, deals: 2 },
  received: { total: 750, deals: 1 },
  months: monthKeys.map((month) => ({
    month,
    given: month === '2026-03' ? 1000 : month === '2026-09' ? 500 : 0,
    received: month === '2026-09' ? 750 : 0,
  })),
  categories: [
    { category: 'Technology', given: 1000, received: 750 },
    { category: '', given: 500, received: 0 },
  ],
  reach: monthKeys.map((month) => ({ month, measured: month === '2026-10' ? 1240 : 0, reported: month === '2026-10' ? 3000 : 0 })),
  onTime: monthKeys.map((month) => ({ month, share: month === '2026-10' ? 75 : null, deliverables: month === '2026-10' ? 4 : 0 })),
  deals: [],
}

const empty: DealOverview = {
  ...overview,
  given: { total: 0, deals: 0 },
  received: { total: 0, deals: 0 },
  categories: [],
}

function renderPage(answer: DealOverview, deals = [makeDeal()]) {
  mockFetch({ 'GET /api/deals/overview': () => json(answer), 'GET /api/deals': () => listResponse(deals) })
  const queryClient = createQueryClient()
  queryClient.setQueryData(currentUserQueryOptions().queryKey, makeUser())
  return renderWithProviders(<SponsorshipsPage />, { queryClient, route: '/sponsorships' })
}

/** The table of a chart's card (its heading names it), its disclosure opened as a member would. */
async function tableOf(id: string, heading: string) {
  const section = screen.getByTestId(`chart-${id}`)
  expect(section).toHaveAccessibleName(heading)
  await userEvent.setup().click(within(section).getByText('Show as table'))
  return within(section).getByRole('table')
}

/** The table's row whose first cell is `first` (rows by text: role queries with names are slow on a page this size). */
function row(table: HTMLElement, first: string): HTMLElement {
  const found = Array.from(table.querySelectorAll('tbody tr')).find((tr) => tr.querySelector('td')?.textContent === first)
  if (!found) throw new Error(`no row ${first}`)
  return found as HTMLElement
}

describe('SponsorshipsPage', () => {
  it('shows the totals, each chart named, and the deals below', async () => {
    renderPage(overview)
    const given = await screen.findByTestId('total-given')
    expect(given).toHaveTextContent('$1,500')
    expect(given).toHaveTextContent('2 deals')
    expect(screen.getByTestId('total-received')).toHaveTextContent('$750')
    expect(screen.getByTestId('total-received')).toHaveTextContent('1 deal')
    expect(Array.from(document.querySelectorAll('canvas')).map((c) => c.getAttribute('aria-label'))).toHaveLength(4)

    // the deals list below the charts
    expect((await screen.findByText('Robotics team travel')).closest('a')).toHaveAttribute('href', '/deals/d1')
  })

  it('has the money by month and by category in tables', async () => {
    renderPage(overview)
    await screen.findByTestId('total-given')
    const months = await tableOf('months', 'By month')
    expect(months.querySelectorAll('tbody tr')).toHaveLength(12)
    const september = row(months, 'Sep 2026')
    expect(september).toHaveTextContent('$500')
    expect(september).toHaveTextContent('$750')

    const categories = await tableOf('categories', 'By category')
    expect(row(categories, 'Technology')).toHaveTextContent('$1,000$750')
    expect(row(categories, 'Uncategorised')).toHaveTextContent('$500$0')
  })

  it('has the reach, labelled with its provenance, and the on-time share in tables', async () => {
    renderPage(overview)
    await screen.findByTestId('total-given')
    const reach = await tableOf('reach', 'Reach over time')
    expect(Array.from(reach.querySelectorAll('th')).map((th) => th.textContent)).toEqual([
      'Month',
      'Unique visitors (Measured)',
      'Reported attendance (Self-reported or evidenced)',
    ])
    expect(row(reach, 'Oct 2026')).toHaveTextContent('1,2403,000')

    const onTime = await tableOf('on-time', 'On time')
    expect(row(onTime, 'Oct 2026')).toHaveTextContent('75%4')
    expect(row(onTime, 'Jan 2026')).toHaveTextContent('None due0')
  })

  it('says what will show when no money has moved yet, without empty charts', async () => {
    renderPage(empty, [])
    expect(await screen.findByRole('heading', { name: 'No money has moved in your deals yet' })).toBeInTheDocument()
    expect(screen.queryByRole('img')).not.toBeInTheDocument()
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Browse sponsorship requests' })).toHaveAttribute('href', '/home?tab=requests')
  })
})

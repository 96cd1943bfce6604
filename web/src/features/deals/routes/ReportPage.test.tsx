import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { currentUserQueryOptions } from '@/features/auth/session'
import { createQueryClient } from '@/lib/query-client'
import { json, mockFetch } from '@/test/fetch-mock'
import { makePerson, makeUser } from '@/test/fixtures'
import { renderWithProviders } from '@/test/render'
import type { ImpactReport as Report } from '@/lib/api-types.gen'
import { ReportPage } from './ReportPage'

afterEach(() => vi.unstubAllGlobals())

const reportPath = '/api/deals/d1/report'

/** Deal d1's report: $500 from Arun (u2, sponsor) to Priya (u1, recipient), one deliverable on time. */
function makeReport(overrides: Partial<Report> = {}): Report {
  return {
    dealId: 'd1',
    status: 'draft',
    listing: { kind: 'sponsorship-requests', id: 'r1', title: 'Robotics team travel' },
    category: 'Education',
    amount: 500,
    sponsor: makePerson(),
    recipient: makePerson({ id: 'u1', username: 'priya', displayName: 'Priya Sharma' }),
    completedAt: '2026-11-11T09:00:00Z',
    publishedAt: '',
    deliverables: [
      {
        id: 'i1',
        title: 'Logo on the banner',
        due: '2026-11-09',
        doneAt: '2026-11-08T09:00:00Z',
        onTime: true,
        proofText: 'Up on Friday',
        proofLink: '',
        proofPicture: '',
      },
    ],
    onTimeShare: 100,
    photos: [],
    figures: [],
    links: [
      {
        code: 'abcd1234',
        url: 'http://localhost/l/abcd1234',
        target: 'https://cafe.example',
        deliverable: 'i1',
        visits: 7,
        uniqueVisitors: 5,
      },
    ],
    linkTotals: { visits: 7, uniqueVisitors: 5 },
    spending: [],
    spentTotal: 0,
    unaccounted: 500,
    summary: '',
    benchmark: { enough: false, comparable: 2, band: '$1–10,000', onTimeShare: null, costPerAttendee: null },
    shared: null,
    ...overrides,
  }
}

/** The report page as Priya (u1, the recipient) or Arun (u2, the sponsor) reads it. */
function renderPage(report: Report, handlers: Parameters<typeof mockFetch>[0] = {}, { as = 'u1', route = '/deals/d1/report' } = {}) {
  const fetched = mockFetch({ [`GET ${reportPath}`]: () => json(report), ...handlers })
  const queryClient = createQueryClient()
  queryClient.setQueryData(
    currentUserQueryOptions().queryKey,
    as === 'u1' ? makeUser() : makeUser({ id: 'u2', username: 'arun', displayName: 'Arun Mehta' }),
  )
  renderWithProviders(<ReportPage />, { queryClient, route, path: '/deals/:id/report' })
  return fetched
}

/** Types text in one go (pasted), replacing what the field held: keystroke by keystroke is slow on a busy machine. */
async function paste(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  if ((field as HTMLInputElement).value) await user.clear(field)
  else await user.click(field)
  await user.paste(text)
}

describe('ReportPage: the recipient edits', () => {
  it('shows what is unaccounted as spending lines are typed', async () => {
    renderPage(makeReport(), {}, { route: '/deals/d1/report?edit=1' })
    const user = userEvent.setup()
    const editor = await screen.findByRole('form', { name: 'Edit the impact report' })
    expect(within(editor).getByTestId('unaccounted')).toHaveTextContent('$500 unaccounted')

    await user.click(within(editor).getByRole('button', { name: 'Add a spending line' }))
    const line = within(editor).getByRole('group', { name: 'Line 1' })
    await paste(user, within(line).getByLabelText('Amount (USD)'), '300')
    expect(within(editor).getByTestId('unaccounted')).toHaveTextContent('$200 unaccounted')
    expect(within(editor).getByTestId('spent-total')).toHaveTextContent('Spent $300 of $500')
    await paste(user, within(line).getByLabelText('Amount (USD)'), '500')
    expect(within(editor).getByTestId('unaccounted')).toHaveTextContent('Every dollar is accounted for.')
  })

  it('refuses spending above the deal’s amount before sending, in the server’s words', async () => {
    const report = makeReport({
      spending: [{ id: 's1', label: 'Bus hire', amount: 300, receipt: null }],
      spentTotal: 300,
      unaccounted: 200,
    })
    const { calls } = renderPage(report, {}, { route: '/deals/d1/report?edit=1' })
    const user = userEvent.setup()
    const editor = await screen.findByRole('form', { name: 'Edit the impact report' })
    await user.click(within(editor).getByRole('button', { name: 'Add a spending line' }))
    const line = within(editor).getByRole('group', { name: 'Line 2' })
    await paste(user, within(line).getByLabelText('Item'), 'Hotel')
    await paste(user, within(line).getByLabelText('Amount (USD)'), '250')
    await user.click(within(editor).getByRole('button', { name: 'Save' }))
    expect(await within(editor).findByText("The spending adds up to more than the deal's $500")).toBeInTheDocument()
    expect(calls.filter((c) => c.init.method === 'PUT')).toHaveLength(0)
  })

  it('checks a figure as the server does and sends whole numbers; the server’s field errors land under their fields', async () => {
    const { calls } = renderPage(
      makeReport(),
      {
        [`PUT ${reportPath}`]: () =>
          json(
            {
              status: 400,
              message: 'Please check the highlighted fields.',
              data: { 'figures.0.evidence': { code: 'x', message: 'Attach a file of this deal' } },
            },
            400,
          ),
      },
      { route: '/deals/d1/report?edit=1' },
    )
    const user = userEvent.setup()
    const editor = await screen.findByRole('form', { name: 'Edit the impact report' })
    await user.click(within(editor).getByRole('button', { name: 'Add a figure' }))
    const figure = within(editor).getByRole('group', { name: 'Figure 1' })
    await paste(user, within(figure).getByLabelText('Name'), 'Attendance on the day')
    await paste(user, within(figure).getByLabelText('Value'), '12.5')
    await user.click(within(editor).getByRole('button', { name: 'Save' }))
    expect(await within(figure).findByText('A figure must be a whole number from 0 to 1,000,000,000')).toBeInTheDocument()
    expect(calls.filter((c) => c.init.method === 'PUT')).toHaveLength(0)

    await paste(user, within(figure).getByLabelText('Value'), '1200')
    await paste(user, within(editor).getByLabelText(/What happened/), 'A full hall.')
    await user.click(within(editor).getByRole('button', { name: 'Save' }))
    expect(await within(figure).findByText('Attach a file of this deal')).toBeInTheDocument()
    const put = calls.find((c) => c.init.method === 'PUT')
    expect(put?.body).toMatchObject({
      summary: 'A full hall.',
      figures: [{ kind: 'attendance', label: 'Attendance on the day', value: 1200, evidence: '' }],
      spending: [],
    })
  })

  it('saves, then publishes: the sponsor is told', async () => {
    let report = makeReport()
    const { calls } = renderPage(
      report,
      {
        [`GET ${reportPath}`]: () => json(report),
        [`PUT ${reportPath}`]: () => json((report = { ...report, summary: 'A full hall.' })),
        [`POST ${reportPath}/publish`]: () => json((report = { ...report, status: 'published', publishedAt: '2026-11-12T09:00:00Z' })),
      },
      { route: '/deals/d1/report?edit=1' },
    )
    const user = userEvent.setup()
    const editor = await screen.findByRole('form', { name: 'Edit the impact report' })
    await paste(user, within(editor).getByLabelText(/What happened/), 'A full hall.')
    await user.click(within(editor).getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Report saved')).toBeInTheDocument()
    expect(screen.queryByRole('form', { name: 'Edit the impact report' })).not.toBeInTheDocument()
    expect(screen.getByTestId('report-summary')).toHaveTextContent('A full hall.')

    await user.click(screen.getByRole('button', { name: 'Publish' }))
    expect(await screen.findByText('Report published')).toBeInTheDocument()
    expect(screen.getByTestId('report-status')).toHaveTextContent('Published')
    expect(calls.some((c) => c.init.method === 'POST' && c.url.pathname === `${reportPath}/publish`)).toBe(true)
  })
})

describe('ReportPage: the sponsor shares', () => {
  it('waits for the recipient to publish before offering a link', async () => {
    renderPage(makeReport(), {}, { as: 'u2' })
    expect(await screen.findByTestId('report-draft-note')).toHaveTextContent('Priya Sharma has not published this report yet')
    expect(
      within(screen.getByTestId('report-share')).getByText('You can share the report once the recipient publishes it.'),
    ).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Edit the report' })).not.toBeInTheDocument()
  })

  it('makes a link, shows it to copy, and revokes it after confirming', async () => {
    let report = makeReport({ status: 'published', summary: 'A full hall.' })
    const { calls } = renderPage(
      report,
      {
        [`GET ${reportPath}`]: () => json(report),
        [`POST ${reportPath}/share`]: () => {
          report = { ...report, shared: { sharedAt: '2026-11-12T09:00:00Z' } }
          return json({ url: 'http://localhost/r/tok1' })
        },
        [`DELETE ${reportPath}/share`]: () => {
          report = { ...report, shared: null }
          return new Response(null, { status: 204 })
        },
      },
      { as: 'u2' },
    )
    const user = userEvent.setup()
    const share = await screen.findByTestId('report-share')
    await user.click(within(share).getByRole('button', { name: 'Share' }))
    expect(await within(share).findByLabelText('Link to the report')).toHaveValue('http://localhost/r/tok1')
    expect(within(share).getByRole('button', { name: 'Copy link' })).toBeInTheDocument()

    await user.click(within(share).getByRole('button', { name: 'Revoke' }))
    const confirm = screen.getByRole('dialog', { name: 'Revoke the link?' })
    expect(calls.some((c) => c.init.method === 'DELETE')).toBe(false)
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }))
    expect(await screen.findByText('Link revoked')).toBeInTheDocument()
    expect(await within(share).findByRole('button', { name: 'Share' })).toBeInTheDocument()
    expect(within(share).queryByLabelText('Link to the report')).not.toBeInTheDocument()
    expect(calls.filter((c) => c.init.method === 'DELETE')).toHaveLength(1)
  })

  it('reads the measured counts of the tracked links and the benchmark’s “not enough” sentence', async () => {
    renderPage(makeReport({ status: 'published' }), {}, { as: 'u2' })
    expect(await screen.findByTestId('report-link-visits')).toHaveTextContent('7')
    expect(screen.getByTestId('report-link-unique')).toHaveTextContent('5')
    expect(screen.getByTestId('report-benchmark')).toHaveTextContent(
      'Not enough comparable deals yet to compare this one (at least 5 completed deals in Education of $1–10,000 are needed).',
    )
    expect(within(screen.getByTestId('report-deliverable')).getByText('On time')).toBeInTheDocument()
    expect(screen.getByTestId('report-deliverables')).toHaveTextContent('100% delivered on time')
  })
})

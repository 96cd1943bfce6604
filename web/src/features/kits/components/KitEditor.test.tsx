import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { Kit } from '@/lib/api-types.gen'
import { json, mockFetch } from '@/test/fetch-mock'
import { renderWithProviders } from '@/test/render'
import { KitEditor } from './KitEditor'

const measuredFigure = (value: number) => ({ value, provenance: 'measured' as const, asOf: '2026-12-01', stale: false, evidence: null })

function makeKit(overrides: Partial<Kit> = {}): Kit {
  return {
    owner: { id: 'u1', username: 'priya', displayName: 'Priya Sharma', avatar: '', isVerified: false, deleted: false },
    headline: '',
    audience: null,
    segments: [],
    channels: [],
    pastEvents: [],
    measured: {
      deals: measuredFigure(2),
      amountReceived: measuredFigure(1500),
      onTimeShare: measuredFigure(50),
      reachLargest: measuredFigure(0),
      reachTotal: measuredFigure(0),
    },
    pastSponsors: [],
    published: false,
    publishedAt: '',
    updatedAt: '',
    ...overrides,
  }
}

const self = (value: number, asOf = '2026-11-01') => ({ value, provenance: 'self' as const, asOf, stale: false, evidence: null })
const segment = (label: string, share: number) => ({ id: label, label, share: self(share) })

describe('KitEditor', () => {
  it('adds and removes rows and sends them as the body', async () => {
    const user = userEvent.setup()
    const kit = makeKit({ segments: [segment('Students', 60)] })
    const { calls } = mockFetch({ 'GET /api/user/kit': () => json(kit), 'PUT /api/user/kit': () => json(kit) })
    renderWithProviders(<KitEditor username="priya" />)
    const first = await screen.findByRole('group', { name: 'Segment 1' })
    expect(within(first).getByLabelText('Name')).toHaveValue('Students')

    await user.click(screen.getByRole('button', { name: 'Add a segment' }))
    const second = screen.getByRole('group', { name: 'Segment 2' })
    await user.type(within(second).getByLabelText('Name'), 'Pune')
    await user.type(within(second).getByLabelText('Share (%)'), '40')
    await user.click(screen.getByRole('button', { name: 'Add a channel' }))
    await user.click(screen.getByRole('button', { name: 'Remove channel 1' }))
    expect(screen.queryByRole('group', { name: 'Channel 1' })).toBeNull()

    await user.click(screen.getByRole('button', { name: 'Save media kit' }))
    await screen.findByText('Media kit saved')
    expect(calls.find((c) => c.init.method === 'PUT')?.body).toEqual({
      headline: '',
      audience: { value: 0, asOf: '', evidence: '' },
      audienceMeasured: false,
      segments: [
        { label: 'Students', share: 60, asOf: '2026-11-01', evidence: '' },
        { label: 'Pune', share: 40, asOf: '', evidence: '' },
      ],
      channels: [],
      pastEvents: [],
    })
  }, 30_000)

  it("shows the server's messages under their fields (keys like segments.1.share)", async () => {
    const user = userEvent.setup()
    const event = { id: 'e1', name: 'Fest', date: '2026-03-01', attendance: self(300) }
    mockFetch({
      'GET /api/user/kit': () => json(makeKit({ segments: [segment('Students', 60), segment('Pune', 140)], pastEvents: [event] })),
      'PUT /api/user/kit': () =>
        json(
          {
            status: 400,
            message: 'Please check the highlighted fields.',
            data: {
              'segments.1.share': { code: 'invalid', message: 'Share must be from 0 to 100 (%)' },
              'pastEvents.0.date': { code: 'invalid', message: 'The date must be a date (YYYY-MM-DD), not in the future' },
            },
          },
          400,
        ),
    })
    renderWithProviders(<KitEditor username="priya" />)
    await user.click(await screen.findByRole('button', { name: 'Save media kit' }))
    const second = screen.getByRole('group', { name: 'Segment 2' })
    expect(await within(second).findByText('Share must be from 0 to 100 (%)')).toBeInTheDocument()
    expect(within(second).getByLabelText('Share (%)')).toHaveAttribute('aria-invalid', 'true')
    expect(within(second).getByLabelText('Name')).not.toHaveAttribute('aria-invalid')
    expect(
      within(screen.getByRole('group', { name: 'Past event 1' })).getByText('The date must be a date (YYYY-MM-DD), not in the future'),
    ).toBeInTheDocument()
    expect(within(screen.getByRole('group', { name: 'Segment 1' })).queryByRole('alert')).toBeNull()
    expect(screen.getByText('Please check the highlighted fields.')).toBeInTheDocument()
  }, 30_000)

  it('stops adding segments at 8', async () => {
    const user = userEvent.setup()
    mockFetch({ 'GET /api/user/kit': () => json(makeKit({ segments: Array.from({ length: 7 }, (_, i) => segment(`S${i}`, 10)) })) })
    renderWithProviders(<KitEditor username="priya" />)
    await user.click(await screen.findByRole('button', { name: 'Add a segment' }))
    expect(screen.getByRole('button', { name: 'Add a segment' })).toBeDisabled()
    expect(screen.getByText('At most 8 segments.')).toBeInTheDocument()
  }, 30_000)

  it('publishes and unpublishes, with the link to the public page once published', async () => {
    const user = userEvent.setup()
    let kit = makeKit({ audience: self(1200) })
    mockFetch({
      'GET /api/user/kit': () => json(kit),
      'POST /api/user/kit/publish': () => json((kit = { ...kit, published: true, publishedAt: '2026-12-05T08:00:00Z' })),
      'POST /api/user/kit/unpublish': () => json((kit = { ...kit, published: false })),
    })
    renderWithProviders(<KitEditor username="priya" />)
    expect(await screen.findByTestId('kit-status')).toHaveTextContent('Not published')
    expect(screen.queryByRole('link', { name: 'View public page' })).toBeNull()

    await user.click(screen.getByRole('button', { name: 'Publish media kit' }))
    expect(await screen.findByRole('link', { name: 'View public page' })).toHaveAttribute('href', '/kits/priya')
    expect(screen.getByTestId('kit-status')).toHaveTextContent('Published')

    await user.click(screen.getByRole('button', { name: 'Unpublish' }))
    expect(await screen.findByRole('button', { name: 'Publish media kit' })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'View public page' })).toBeNull()
  }, 30_000)

  it("shows why an empty kit cannot be published, in the server's words", async () => {
    const user = userEvent.setup()
    mockFetch({
      'GET /api/user/kit': () => json(makeKit()),
      'POST /api/user/kit/publish': () =>
        json({ status: 409, message: 'Add your audience or a past event before publishing your media kit.', data: {} }, 409),
    })
    renderWithProviders(<KitEditor username="priya" />)
    await user.click(await screen.findByRole('button', { name: 'Publish media kit' }))
    expect(await screen.findByText('Add your audience or a past event before publishing your media kit.')).toHaveAttribute('role', 'alert')
  }, 30_000)

  it('offers "Use my measured reach" only with a measured reach, and sends the choice', async () => {
    const user = userEvent.setup()
    const withReach = makeKit()
    withReach.measured.reachLargest = measuredFigure(850)
    const { calls } = mockFetch({ 'GET /api/user/kit': () => json(withReach), 'PUT /api/user/kit': () => json(withReach) })
    renderWithProviders(<KitEditor username="priya" />)
    const toggle = await screen.findByRole('checkbox', { name: /Use my measured reach/ })
    expect(toggle.closest('label')).toHaveTextContent(/850 unique visitors/)
    await user.click(toggle)
    expect(screen.queryByRole('spinbutton', { name: 'Audience' })).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Save media kit' }))
    await screen.findByText('Media kit saved')
    expect((calls.find((c) => c.init.method === 'PUT')?.body as { audienceMeasured: boolean }).audienceMeasured).toBe(true)
  }, 30_000)

  it('has no measured-reach choice without a measured reach', async () => {
    mockFetch({ 'GET /api/user/kit': () => json(makeKit()) })
    renderWithProviders(<KitEditor username="priya" />)
    expect(await screen.findByRole('spinbutton', { name: 'Audience' })).toBeInTheDocument()
    expect(screen.queryByRole('checkbox', { name: /Use my measured reach/ })).toBeNull()
  }, 30_000)
})

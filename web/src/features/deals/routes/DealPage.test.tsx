import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { currentUserQueryOptions } from '@/features/auth/session'
import type { Deal } from '@/lib/api-types.gen'
import { createQueryClient } from '@/lib/query-client'
import { json, mockFetch } from '@/test/fetch-mock'
import { makeDeal, makePerson, makeUser } from '@/test/fixtures'
import { stubObjectUrls } from '@/test/object-urls'
import { renderWithProviders } from '@/test/render'
import { dealQueryOptions } from '../api/deals'
import { DealPage } from './DealPage'

afterEach(() => vi.unstubAllGlobals())
stubObjectUrls()

const banner = { id: 'i1', title: 'Logo on the banner', due: '', doneAt: '', proofText: '', proofLink: '', proofPicture: '' }
const donePath = '/api/deals/d1/deliverables/i1/done'

/** The deal page as Priya (u1), the recipient, reads it; GET /api/deals/d1 answers it as it was. */
function renderPage(deal: Partial<Deal>, handlers: Parameters<typeof mockFetch>[0] = {}) {
  const d = makeDeal(deal)
  const fetched = mockFetch({ 'GET /api/deals/d1': () => json(d), ...handlers })
  const queryClient = createQueryClient()
  queryClient.setQueryData(currentUserQueryOptions().queryKey, makeUser())
  queryClient.setQueryData(dealQueryOptions('d1').queryKey, d)
  renderWithProviders(<DealPage />, { queryClient, route: '/deals/d1', path: '/deals/:id' })
  return fetched
}

/** Types text in one go (pasted): the page is large, keystroke by keystroke it is slow on a busy machine. */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field)
  await user.paste(text)
}

function photo(): File {
  return new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'banner.jpg', { type: 'image/jpeg' })
}

describe('DealPage: proof of a deliverable', () => {
  const funded: Partial<Deal> = { status: 'funded', deliverables: [banner], deliveredAt: '', completedAt: '' }
  const delivered = makeDeal({ status: 'delivered', deliverables: [{ ...banner, doneAt: '2026-11-09T09:00:00Z', proofPicture: 'p1' }] })

  async function openProof() {
    const user = userEvent.setup()
    await user.click(within(screen.getByTestId('deliverable')).getByRole('button', { name: 'Mark delivered' }))
    return { user, dialog: screen.getByRole('dialog', { name: 'Mark as delivered' }) }
  }

  it('sends the proof with its picture as multipart form data', async () => {
    const { calls } = renderPage(funded, { [`POST ${donePath}`]: () => json(delivered) })
    const { user, dialog } = await openProof()
    await fill(user, within(dialog).getByLabelText('Proof'), 'The banner went up on Friday.')
    const file = photo()
    await user.upload(within(dialog).getByLabelText('Picture (optional)'), file)
    await user.click(within(dialog).getByRole('button', { name: 'Mark delivered' }))

    expect(await screen.findByText('Marked delivered')).toBeInTheDocument()
    // the deal's page reads its tracked links too: the proof is the call to donePath
    const done = calls.find((c) => c.url.pathname === donePath)!
    const body = done.init.body
    expect(body).toBeInstanceOf(FormData)
    const form = body as FormData
    expect(form.get('proofText')).toBe('The banner went up on Friday.')
    expect(form.get('proofLink')).toBe('')
    expect(form.get('picture')).toBe(file)
    // the browser writes the multipart boundary itself
    expect(done.init.headers).toBeUndefined()
  })

  it('sends a proof without a picture as JSON', async () => {
    const { calls } = renderPage(funded, { [`POST ${donePath}`]: () => json(delivered) })
    const { user, dialog } = await openProof()
    await fill(user, within(dialog).getByLabelText('Link (optional)'), 'https://example.com/photo')
    await user.click(within(dialog).getByRole('button', { name: 'Mark delivered' }))

    expect(await screen.findByText('Marked delivered')).toBeInTheDocument()
    const done = calls.find((c) => c.url.pathname === donePath)!
    expect(done.init.headers).toEqual({ 'Content-Type': 'application/json' })
    expect(done.body).toEqual({ proofText: '', proofLink: 'https://example.com/photo' })
  })

  it('puts the server words on a picture under the picture, the dialog kept open', async () => {
    renderPage(funded, {
      [`POST ${donePath}`]: () =>
        json(
          {
            status: 400,
            message: 'Please check the highlighted fields.',
            data: {
              picture: {
                code: 'validation_invalid_picture',
                message: 'The picture is too large: at most 16 megapixels (4096 × 4096 pixels)',
              },
            },
          },
          400,
        ),
    })
    const { user, dialog } = await openProof()
    await user.upload(within(dialog).getByLabelText('Picture (optional)'), photo())
    await user.click(within(dialog).getByRole('button', { name: 'Mark delivered' }))

    const message = 'The picture is too large: at most 16 megapixels (4096 × 4096 pixels)'
    expect(await within(dialog).findByText(message)).toBeInTheDocument()
    expect(within(dialog).getByLabelText('Picture (optional)')).toHaveAccessibleDescription(message)
    expect(screen.getByRole('dialog', { name: 'Mark as delivered' })).toBeVisible()
  })

  it('keeps the dialog and its picture while the server is busy with pictures', async () => {
    renderPage(funded, {
      [`POST ${donePath}`]: () =>
        json({ status: 503, message: 'The server is busy processing pictures. Please try again in a moment.', data: {} }, 503),
    })
    const { user, dialog } = await openProof()
    await user.upload(within(dialog).getByLabelText('Picture (optional)'), photo())
    await user.click(within(dialog).getByRole('button', { name: 'Mark delivered' }))

    expect(await screen.findByText('The server is busy processing pictures. Please try again in a moment.')).toBeInTheDocument()
    expect(screen.getByRole('dialog', { name: 'Mark as delivered' })).toBeVisible()
    expect(within(dialog).getByRole('img', { name: 'Preview of banner.jpg' })).toBeInTheDocument()
  })

  it('shows a proof picture small, named for its deliverable, a link to the whole picture', () => {
    renderPage({ deliverables: [{ ...banner, doneAt: '2026-11-09T09:00:00Z', proofText: 'Up on Friday.', proofPicture: 'p1' }] })
    const proof = within(screen.getByTestId('proof'))
    const img = proof.getByRole('img', { name: 'Proof for “Logo on the banner”' })
    expect(img).toHaveAttribute('src', '/api/deals/d1/pictures/p1')
    expect(img).toHaveAttribute('loading', 'lazy')
    expect(img).toHaveAttribute('width')
    expect(img).toHaveAttribute('height')
    expect(proof.getByRole('link', { name: 'Proof for “Logo on the banner”' })).toHaveAttribute('href', '/api/deals/d1/pictures/p1')
    expect(proof.getByText('Up on Friday.')).toBeInTheDocument()
  })
})

describe('DealPage: updates', () => {
  const update = {
    id: 'up1',
    body: 'The stage is booked.',
    picture: 'pu1',
    author: makePerson({ id: 'u1', displayName: 'Priya Sharma' }),
    createdAt: '2026-11-05T09:00:00Z',
  }

  it('shows an update’s picture under its text, read through this deal', () => {
    renderPage({ status: 'funded', updates: [update, { ...update, id: 'up2', body: 'No picture here.', picture: '' }] })
    const [first, second] = within(screen.getByTestId('deal-updates')).getAllByRole('listitem')
    expect(within(first).getByRole('img', { name: 'Attached to Priya Sharma’s update' })).toHaveAttribute(
      'src',
      '/api/deals/d1/pictures/pu1',
    )
    expect(within(second).queryByRole('img')).toBeNull()
  })

  it('posts an update with a picture as multipart form data, and without one as JSON', async () => {
    const user = userEvent.setup()
    const { calls } = renderPage(
      { status: 'funded' },
      { 'POST /api/sponsorship-requests/r1/updates': () => json({ ...update, picture: 'pu2' }, 201) },
    )
    await user.click(screen.getByRole('button', { name: 'Post an update to all sponsors' }))
    let dialog = screen.getByRole('dialog', { name: 'Post an update' })
    await fill(user, within(dialog).getByLabelText('Update'), 'The stage is booked.')
    const file = photo()
    await user.upload(within(dialog).getByLabelText('Picture (optional)'), file)
    await user.click(within(dialog).getByRole('button', { name: 'Post update' }))
    expect(await screen.findByText('Update posted')).toBeInTheDocument()
    const form = calls.find((c) => c.init.method === 'POST')?.init.body as FormData
    expect(form).toBeInstanceOf(FormData)
    expect(form.get('body')).toBe('The stage is booked.')
    expect(form.get('picture')).toBe(file)

    await user.click(screen.getByRole('button', { name: 'Post an update to all sponsors' }))
    dialog = screen.getByRole('dialog', { name: 'Post an update' })
    expect(within(dialog).queryByTestId('picture-preview')).toBeNull()
    await fill(user, within(dialog).getByLabelText('Update'), 'Doors open at 5.')
    await user.click(within(dialog).getByRole('button', { name: 'Post update' }))
    await vi.waitFor(() => expect(calls.filter((c) => c.init.method === 'POST')).toHaveLength(2))
    expect(calls.filter((c) => c.init.method === 'POST')[1].body).toEqual({ body: 'Doors open at 5.' })
  })
})

describe('DealPage: a deleted listing', () => {
  it('names the listing without a link once it is deleted, and links it while it exists', () => {
    renderPage({ listing: { kind: 'sponsorship-requests', id: 'r1', title: 'Robotics club kits', deleted: true } })
    const title = screen.getByRole('heading', { level: 1, name: 'Robotics club kits' })
    expect(within(title).queryByRole('link')).toBeNull()
    expect(screen.getByText('Listing deleted')).toBeInTheDocument()
  })

  it('links a listing that exists', () => {
    renderPage({ listing: { kind: 'sponsorship-requests', id: 'r1', title: 'Robotics club kits' } })
    const title = screen.getByRole('heading', { level: 1, name: 'Robotics club kits' })
    expect(within(title).getByRole('link', { name: 'Robotics club kits' })).toHaveAttribute('href', '/listings/requests/r1')
    expect(screen.queryByText('Listing deleted')).toBeNull()
  })
})

describe('DealPage: how a deal ended', () => {
  const proposal = [{ ...banner, id: 'i2', title: 'A stall at the fair' }]

  it('says at the top that the administrators decided a dispute, not that the other side cancelled', () => {
    renderPage({
      status: 'cancelled',
      cancelledAt: '2026-11-12T09:00:00Z',
      cancelledBy: 'admin1',
      cancelReason: 'No proof of the banner was given.',
      resolution: 'No proof of the banner was given.',
    })
    const decided = screen.getByRole('status', { name: 'Decided by the administrators' })
    expect(decided).toHaveTextContent('After the dispute, the administrators cancelled this deal on Nov 12, 2026.')
    expect(decided).toHaveTextContent('Their decision: No proof of the banner was given.')
    // before every card of the page, right under the deal's summary
    const deliverables = screen.getByRole('heading', { name: 'Deliverables' })
    expect(decided.compareDocumentPosition(deliverables) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(screen.queryByText(/by Arun Mehta/)).toBeNull()
  })

  it('says so for a deal the administrators completed', () => {
    renderPage({ status: 'completed', completedAt: '2026-11-12T09:00:00Z', resolution: 'The photos show the banner.' })
    expect(screen.getByRole('status', { name: 'Decided by the administrators' })).toHaveTextContent(
      'After the dispute, the administrators completed this deal on Nov 12, 2026.',
    )
  })

  it('shows no proposal waiting on a cancelled deal', () => {
    renderPage({
      status: 'cancelled',
      cancelledAt: '2026-11-12T09:00:00Z',
      cancelledBy: 'u2',
      cancelReason: 'Plans changed.',
      proposal,
      proposedBy: 'u2',
    })
    expect(screen.getByText('Cancelled on Nov 12, 2026 by Arun Mehta. Reason: Plans changed.')).toBeInTheDocument()
    expect(screen.queryByText('A stall at the fair')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Agree to these deliverables' })).toBeNull()
    expect(screen.queryByRole('status', { name: 'Decided by the administrators' })).toBeNull()
  })

  it("names the deal's package and the hold's end while the slot is held", () => {
    renderPage({ status: 'negotiating', fundedAt: '', tier: { id: 't1', name: 'Gold' }, holdUntil: '2026-12-12T14:00:00Z' })
    const pkg = screen.getByTestId('deal-package')
    expect(pkg).toHaveTextContent('Package: Gold')
    expect(pkg).toHaveTextContent(
      `Slot held until ${new Date('2026-12-12T14:00:00Z').toLocaleString(undefined, { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' })}`,
    )
  })

  it('says a hold that ended cancelled the deal, by nobody, with its reason', () => {
    const reason = 'The hold on the “Gold” package ended before the deal was funded, so the slot is free again.'
    renderPage({
      status: 'cancelled',
      cancelledAt: '2026-11-12T09:00:00Z',
      cancelledBy: '',
      cancelReason: reason,
      tier: { id: 't1', name: 'Gold' },
    })
    expect(screen.getByText(`Cancelled on Nov 12, 2026. Reason: ${reason}`)).toBeInTheDocument()
    expect(screen.getByTestId('deal-package')).not.toHaveTextContent('Slot held')
  })

  it('asks the member who accepts a cancellation for their answer, not to ask the other side', async () => {
    const user = userEvent.setup()
    renderPage({ status: 'funded', cancelRequestedBy: 'u2', cancelRequestReason: 'Our budget was cut.' })
    await user.click(screen.getByRole('button', { name: 'Accept and cancel' }))
    const dialog = screen.getByRole('dialog', { name: 'Accept the cancellation' })
    expect(dialog).toHaveTextContent('Arun Mehta asked to cancel. Once you accept, the deal is cancelled for you both')
    expect(dialog).not.toHaveTextContent('must agree')
    expect(within(dialog).getByLabelText('Your answer')).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Accept and cancel' })).toBeInTheDocument()
  })

  it('asks the member who asks to cancel after funding for their reason, the other side must agree', async () => {
    const user = userEvent.setup()
    renderPage({ status: 'funded' })
    await user.click(screen.getByRole('button', { name: 'Ask to cancel' }))
    const dialog = screen.getByRole('dialog', { name: 'Ask to cancel' })
    expect(dialog).toHaveTextContent('The money has moved, so Arun Mehta must agree. Say why.')
    expect(within(dialog).getByLabelText('Why?')).toBeInTheDocument()
  })
})

import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Link } from '@/lib/api-types.gen'
import { json, mockFetch } from '@/test/fetch-mock'
import { makeDeal } from '@/test/fixtures'
import { renderWithProviders } from '@/test/render'
import { TrackedLinksPanel } from './TrackedLinksPanel'

afterEach(() => vi.unstubAllGlobals())

const linksPath = '/api/deals/d1/links'
const deal = makeDeal({
  status: 'funded',
  deliverables: [{ id: 'i1', title: 'Post with the cafe link', due: '', doneAt: '', proofText: '', proofLink: '', proofPicture: '' }],
})
const made: Link = {
  id: 'l1',
  code: 'Ab3dEf7h',
  url: 'http://localhost/l/Ab3dEf7h',
  target: 'https://cafe.example/menu',
  deliverable: 'i1',
  visits: 0,
  uniqueVisitors: 0,
  createdAt: '2026-11-05T09:00:00Z',
}

describe('TrackedLinksPanel', () => {
  it('makes a short link for a deliverable and lists it with its counts and a copy button', async () => {
    const links: Link[] = []
    const { calls } = mockFetch({
      [`GET ${linksPath}`]: () => json(links),
      [`POST ${linksPath}`]: () => {
        links.push(made)
        return json(made, 201)
      },
    })
    renderWithProviders(<TrackedLinksPanel deal={deal} />)
    const user = userEvent.setup()
    expect(await screen.findByText('No tracked links yet.')).toBeInTheDocument()

    await user.click(screen.getByLabelText('Link to track'))
    await user.paste('cafe.example')
    await user.click(screen.getByRole('button', { name: 'Make a short link' }))
    expect(screen.getByText('Enter a link starting with http:// or https://')).toBeInTheDocument()
    expect(calls.some((c) => c.init.method === 'POST')).toBe(false)

    await user.clear(screen.getByLabelText('Link to track'))
    await user.paste('https://cafe.example/menu')
    await user.selectOptions(screen.getByLabelText('For the deliverable (optional)'), 'i1')
    await user.click(screen.getByRole('button', { name: 'Make a short link' }))
    const item = await screen.findByTestId('tracked-link')
    expect(item).toHaveTextContent('http://localhost/l/Ab3dEf7h')
    expect(item).toHaveTextContent('Post with the cafe link')
    expect(within(item).getByTestId('tracked-link-counts')).toHaveTextContent('0 visits · 0 unique visitors')
    expect(within(item).getByRole('button', { name: 'Copy http://localhost/l/Ab3dEf7h' })).toBeInTheDocument()
    expect(calls.find((c) => c.init.method === 'POST')?.body).toEqual({ target: 'https://cafe.example/menu', deliverable: 'i1' })
  })

  it('shows the server’s refusal of a 21st link, and nothing once the deal is completed', async () => {
    mockFetch({
      [`GET ${linksPath}`]: () => json([]),
      [`POST ${linksPath}`]: () => json({ status: 409, message: 'A deal has at most 20 tracked links.', data: {} }, 409),
    })
    const { unmount } = renderWithProviders(<TrackedLinksPanel deal={deal} />)
    const user = userEvent.setup()
    await user.click(await screen.findByLabelText('Link to track'))
    await user.paste('https://cafe.example/menu')
    await user.click(screen.getByRole('button', { name: 'Make a short link' }))
    expect(await screen.findByText('A deal has at most 20 tracked links.')).toBeInTheDocument()
    unmount()

    renderWithProviders(<TrackedLinksPanel deal={makeDeal({ status: 'completed' })} />)
    expect(screen.queryByRole('heading', { name: 'Tracked links' })).not.toBeInTheDocument()
  })
})

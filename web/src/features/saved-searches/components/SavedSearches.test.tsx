import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { json, mockFetch } from '@/test/fetch-mock'
import { renderWithProviders } from '@/test/render'
import type { SavedSearch } from '@/lib/api-types.gen'
import { SavedSearchesCard } from './SavedSearchesCard'
import { SaveSearchButton } from './SaveSearchButton'

afterEach(() => vi.unstubAllGlobals())

const schools: SavedSearch = {
  id: 'ss1',
  name: 'Schools',
  kind: 'requests',
  query: { q: 'school' },
  paused: false,
  createdAt: '2026-11-20T10:00:00Z',
  path: '/home?q=school&tab=requests',
}

describe('Saved searches in Settings', () => {
  it('confirms a pause and a resume with a toast', async () => {
    const user = userEvent.setup()
    let paused = false
    mockFetch({
      'GET /api/saved-searches': () => json([{ ...schools, paused }]),
      'PATCH /api/saved-searches/ss1': (call) => {
        paused = (call.body as { paused: boolean }).paused
        return json({ ...schools, paused })
      },
    })
    renderWithProviders(<SavedSearchesCard />)
    const row = await screen.findByTestId('saved-search')
    await user.click(within(row).getByRole('button', { name: 'Pause' }))
    expect(await screen.findByText('Saved search paused')).toBeInTheDocument()
    expect(screen.getByText('“Schools” will not alert you until you resume it.')).toBeInTheDocument()
    await user.click(await within(row).findByRole('button', { name: 'Resume' }))
    expect(await screen.findByText('Saved search resumed')).toBeInTheDocument()
  })
})

describe('Save search on the listing screen', () => {
  it('is labelled in words at every width, not an icon alone', () => {
    mockFetch({})
    renderWithProviders(<SaveSearchButton kind="requests" query={{ q: 'school' }} />)
    const button = screen.getByRole('button', { name: 'Save search' })
    // no part of the label is hidden on some widths (sr-only / hidden): phones see the words
    for (const el of [button, ...button.querySelectorAll('*')]) {
      if (el.textContent?.includes('Save search')) {
        expect(el.className).not.toMatch(/(^|\s)(sr-only|hidden)(\s|$)/)
      }
    }
    expect(button).toHaveTextContent(/^Save search$/)
  })
})

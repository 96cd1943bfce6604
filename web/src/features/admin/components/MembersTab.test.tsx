import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { json, mockFetch } from '@/test/fetch-mock'
import { listResponse, makeUser } from '@/test/fixtures'
import { renderWithProviders } from '@/test/render'
import type { AdminMember } from '../types'
import { MembersTab } from './MembersTab'

afterEach(() => vi.unstubAllGlobals())

const member: AdminMember = {
  ...makeUser({ id: 'm1', username: 'kenji', displayName: 'Kenji Watanabe' }),
  emailVerified: false,
  socialMedia: [
    { platform: 'twitter', username: 'kenji', verified: false, verificationDate: '' },
    { platform: 'github', username: 'kenjiw', verified: true, verificationDate: '2025-11-20T10:00:00Z' },
  ],
}

describe('MembersTab', () => {
  it('searches (debounced), verifies a member and a social link by its platform and username', async () => {
    const user = userEvent.setup()
    const { calls } = mockFetch({
      'GET /api/admin/members': () => listResponse([member]),
      'POST /api/admin/members/m1/verify': () => json({ ...member, isVerified: true }),
      'POST /api/admin/members/m1/social/verify': () => json(member),
    })
    renderWithProviders(<MembersTab />)
    const row = await screen.findByRole('article', { name: 'Kenji Watanabe' })
    expect(within(row).getByRole('img', { name: 'Unverified member' })).toBeInTheDocument()

    await user.type(screen.getByRole('searchbox', { name: 'Search by username or name' }), 'ken')
    await waitFor(() => expect(calls.some((c) => c.url.searchParams.get('q') === 'ken')).toBe(true))
    expect(calls.filter((c) => c.url.searchParams.has('q'))).toHaveLength(1)

    await user.click(within(row).getByRole('button', { name: 'Verify' }))
    expect(await screen.findByText('Member verified')).toBeInTheDocument()

    await user.click(within(row).getByRole('button', { name: /Social links \(2\)/ }))
    expect(within(row).getByText(/Verified on Nov 20, 2025/)).toBeInTheDocument()
    await user.click(within(row).getByRole('button', { name: /Verify .* @kenji$/ }))
    expect(await screen.findByText('Social link verified')).toBeInTheDocument()
    const verifyCall = calls.find((c) => c.init.method === 'POST' && c.url.pathname === '/api/admin/members/m1/social/verify')
    expect(verifyCall?.body).toEqual({ platform: 'twitter', username: 'kenji' })
  })

  it('pages through the members by the list headers', async () => {
    const user = userEvent.setup()
    const { calls } = mockFetch({
      'GET /api/admin/members': ({ url }) => {
        const page = Number(url.searchParams.get('page') ?? '1')
        const shown = { ...member, id: `m${page}`, displayName: `Member on page ${page}` }
        return listResponse([shown], { total: 45, page })
      },
    })
    renderWithProviders(<MembersTab />)
    const pager = await screen.findByRole('navigation', { name: 'Member pages' })
    expect(within(pager).getByText('Page 1 of 3 · 45 in all')).toBeInTheDocument()
    expect(within(pager).getByRole('button', { name: 'Previous' })).toBeDisabled()
    await user.click(within(pager).getByRole('button', { name: 'Next' }))
    await user.click(await within(pager).findByRole('button', { name: 'Next' }))
    expect(await screen.findByRole('article', { name: 'Member on page 3' })).toBeInTheDocument()
    expect(within(pager).getByText('Page 3 of 3 · 45 in all')).toBeInTheDocument()
    expect(within(pager).getByRole('button', { name: 'Next' })).toBeDisabled()
    expect(calls.map((c) => c.url.searchParams.get('page'))).toContain('3')
  })
})

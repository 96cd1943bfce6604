import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { currentUserQueryOptions } from '@/features/auth/session'
import { createQueryClient } from '@/lib/query-client'
import type { CurrentUser } from '@/lib/api-types.gen'
import { mockFetch } from '@/test/fetch-mock'
import { makeUser } from '@/test/fixtures'
import { renderWithProviders } from '@/test/render'
import { SaveSearchButton } from './SaveSearchButton'

afterEach(() => vi.unstubAllGlobals())

async function openAs(member: CurrentUser) {
  mockFetch({})
  const queryClient = createQueryClient()
  queryClient.setQueryData(currentUserQueryOptions().queryKey, member)
  renderWithProviders(<SaveSearchButton kind="sponsorships" query={{ q: 'robotics' }} />, { queryClient })
  await userEvent.setup().click(screen.getAllByRole('button', { name: /Save search/ })[0])
  return screen.findByRole('dialog')
}

describe('SaveSearchButton', () => {
  it('promises e-mail only to a member with a confirmed address', async () => {
    const dialog = await openAs(makeUser({ email: 'priya@example.com', hasProvenEmail: true }))
    expect(dialog).toHaveTextContent('Get a notification (and at most one e-mail an hour) when a new listing matches it.')
    expect(screen.queryByRole('note')).toBeNull()
  })

  it('tells a member without one that e-mails need a confirmed address', async () => {
    const dialog = await openAs(makeUser())
    expect(dialog).toHaveTextContent('Get a notification when a new listing matches it.')
    expect(dialog).not.toHaveTextContent('one e-mail an hour')
    expect(screen.getByRole('note')).toHaveTextContent('E-mails need a confirmed address')
    expect(screen.getByRole('link', { name: 'Add an e-mail address' })).toHaveAttribute('href', '/settings#settings-email')
  })
})

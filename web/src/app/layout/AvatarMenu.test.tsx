import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { avatarInitial } from '@/components/ui/avatar-initial'
import { mockFetch } from '@/test/fetch-mock'
import { makeUser } from '@/test/fixtures'
import { renderWithProviders } from '@/test/render'
import { AvatarMenu } from './AvatarMenu'

afterEach(() => vi.unstubAllGlobals())

describe('AvatarMenu', () => {
  it('uses the first letter of the display name, else U', () => {
    expect(avatarInitial('priya')).toBe('P')
    expect(avatarInitial('  ')).toBe('U')
    expect(avatarInitial(undefined)).toBe('U')
  })

  it('opens with the three entries and closes on an outside click', async () => {
    const user = userEvent.setup()
    renderWithProviders(
      <div>
        <p>elsewhere</p>
        <AvatarMenu user={makeUser()} />
      </div>,
    )
    const button = screen.getByRole('button', { name: 'Account menu for Priya Sharma' })
    expect(button).toHaveTextContent('P')
    await user.click(button)
    expect(screen.getByRole('menuitem', { name: 'Your Profile' })).toBeInTheDocument()
    expect(screen.getByRole('menuitem', { name: 'Settings' })).toBeInTheDocument()
    await user.click(screen.getByText('elsewhere'))
    expect(screen.queryByRole('menu')).toBeNull()
  })

  it('supports the keyboard: ArrowDown opens, Escape closes', async () => {
    const user = userEvent.setup()
    renderWithProviders(<AvatarMenu user={makeUser()} />)
    screen.getByRole('button', { name: /Account menu/ }).focus()
    await user.keyboard('{ArrowDown}')
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Your Profile' })).toHaveFocus())
    await user.keyboard('{ArrowDown}')
    expect(screen.getByRole('menuitem', { name: 'Sponsorships' })).toHaveFocus()
    await user.keyboard('{ArrowDown}')
    expect(screen.getByRole('menuitem', { name: 'Settings' })).toHaveFocus()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('menu')).toBeNull()
  })

  it('signs out, clears the session hint and toasts', async () => {
    const user = userEvent.setup()
    sessionStorage.setItem('isAuthenticated', 'true')
    const { calls } = mockFetch({ 'POST /api/logout': () => new Response(null, { status: 204 }) })
    const { queryClient } = renderWithProviders(<AvatarMenu user={makeUser()} />, { route: '/home' })
    queryClient.setQueryData(['user', 'current'], makeUser())
    await user.click(screen.getByRole('button', { name: /Account menu/ }))
    await user.click(screen.getByRole('menuitem', { name: 'Sign out' }))
    expect(await screen.findByText('Logged out successfully')).toBeInTheDocument()
    expect(calls[0].init.method).toBe('POST')
    expect(queryClient.getQueryData(['user', 'current'])).toBeNull()
    expect(sessionStorage.getItem('isAuthenticated')).toBeNull()
    expect(screen.getByTestId('location')).toHaveTextContent('/auth')
  })
})

import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { createQueryClient } from '@/lib/query-client'
import { mockFetch } from '@/test/fetch-mock'
import { makeUser } from '@/test/fixtures'
import { renderWithProviders } from '@/test/render'
import { BottomBar } from './BottomBar'
import { SideNav } from './SideNav'

/** "My Profile" is the current page on your own profile only, not on another member's (/profile?userId=…). */
describe('the profile entry of the navigation', () => {
  const show = (route: string) => {
    mockFetch({})
    const queryClient = createQueryClient()
    queryClient.setQueryData(['user', 'current'], makeUser({ id: 'u1' }))
    renderWithProviders(
      <>
        <SideNav />
        <BottomBar />
      </>,
      { route, queryClient },
    )
    return {
      side: within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'My Profile' }),
      bottom: within(screen.getByRole('navigation', { name: 'Mobile' })).getByRole('link', { name: 'Profile' }),
    }
  }

  it.each(['/profile', '/profile?userId=u1'])('is current on your own profile (%s)', (route) => {
    const { side, bottom } = show(route)
    expect(side).toHaveAttribute('aria-current', 'page')
    expect(side.className).toContain('bg-primary')
    expect(bottom).toHaveAttribute('aria-current', 'page')
    expect(bottom.className).toContain('text-primary')
  })

  it("is not current on another member's profile", () => {
    const { side, bottom } = show('/profile?userId=someone-else')
    expect(side).not.toHaveAttribute('aria-current', 'page')
    expect(side.className).not.toContain('bg-primary')
    expect(bottom).not.toHaveAttribute('aria-current', 'page')
    expect(bottom.className).not.toContain('text-primary')
  })
})

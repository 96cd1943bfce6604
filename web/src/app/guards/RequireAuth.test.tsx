import { render, screen } from '@testing-library/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { json, mockFetch } from '@/test/fetch-mock'
import { makeUser } from '@/test/fixtures'
import { createQueryClient } from '@/lib/query-client'
import { RequireAdmin } from './RequireAdmin'
import { RequireAuth } from './RequireAuth'

afterEach(() => vi.unstubAllGlobals())

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/auth', element: <h1>Sign-in screen</h1> },
      {
        element: <RequireAuth />,
        children: [
          { path: '/home', element: <h1>Listings</h1> },
          { element: <RequireAdmin />, children: [{ path: '/admin', element: <h1>Admin area</h1> }] },
        ],
      },
    ],
    { initialEntries: [path] },
  )
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
}

describe('route guards', () => {
  it('send a visitor to /auth', async () => {
    mockFetch({ 'GET /api/session': () => json({ user: null }) })
    renderAt('/home')
    expect(await screen.findByRole('heading', { name: 'Sign-in screen' })).toBeInTheDocument()
  })

  it('show a spinner while the session loads, then the page', async () => {
    mockFetch({ 'GET /api/session': () => json({ user: makeUser() }) })
    renderAt('/home')
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'Listings' })).toBeInTheDocument()
    expect(sessionStorage.getItem('isAuthenticated')).toBe('true')
  })

  it('re-checks once when the session flag disagrees, then clears it', async () => {
    sessionStorage.setItem('isAuthenticated', 'true')
    const { calls } = mockFetch({ 'GET /api/session': () => json({ user: null }) })
    renderAt('/home')
    expect(await screen.findByRole('heading', { name: 'Sign-in screen' })).toBeInTheDocument()
    expect(calls.length).toBe(2)
    expect(sessionStorage.getItem('isAuthenticated')).toBeNull()
  })

  it('show /admin to administrators only', async () => {
    mockFetch({ 'GET /api/session': () => json({ user: makeUser({ isAdmin: false }) }) })
    renderAt('/admin')
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument()
  })

  it('let administrators in', async () => {
    mockFetch({ 'GET /api/session': () => json({ user: makeUser({ isAdmin: true }) }) })
    renderAt('/admin')
    expect(await screen.findByRole('heading', { name: 'Admin area' })).toBeInTheDocument()
  })
})

import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { json, mockFetch } from '@/test/fetch-mock'
import { makeUser } from '@/test/fixtures'
import { renderWithProviders } from '@/test/render'
import { EmailPrompt } from './EmailPrompt'

afterEach(() => {
  vi.unstubAllGlobals()
  localStorage.clear()
})

describe('EmailPrompt', () => {
  it('tells a member without an address why one matters, and links to Settings', () => {
    renderWithProviders(<EmailPrompt user={makeUser()} />)
    expect(screen.getByRole('region', { name: 'Add an e-mail address to your account' })).toHaveTextContent(
      'With a confirmed address you can reset a forgotten password',
    )
    expect(screen.getByRole('link', { name: 'Add an e-mail address' })).toHaveAttribute('href', '/settings#settings-email')
  })

  it('"Not now" hides it, also the next time', async () => {
    const user = userEvent.setup()
    const { unmount } = renderWithProviders(<EmailPrompt user={makeUser()} />)
    await user.click(screen.getByRole('button', { name: 'Not now' }))
    expect(screen.queryByRole('region')).toBeNull()
    unmount()
    renderWithProviders(<EmailPrompt user={makeUser()} />)
    expect(screen.queryByRole('region')).toBeNull()
    renderWithProviders(<EmailPrompt user={makeUser({ id: 'someone-else' })} />)
    expect(screen.getByRole('region')).toBeInTheDocument()
  })

  it('asks for the code of an address waiting for it (as after registering with one)', async () => {
    const user = userEvent.setup()
    const { calls } = mockFetch({
      'POST /api/user/email/confirm': () => json(makeUser({ email: 'priya@example.com', hasProvenEmail: true })),
    })
    renderWithProviders(<EmailPrompt user={makeUser({ pendingEmail: 'priya@example.com' })} />)
    const code = await screen.findByLabelText('Code') // the code box loads with the form libraries
    expect(screen.getByRole('region', { name: 'Confirm your e-mail address' })).toHaveTextContent('priya@example.com')
    await user.type(code, '12345678')
    await user.click(screen.getByRole('button', { name: 'Confirm e-mail' }))
    expect(await screen.findByText('E-mail confirmed')).toBeInTheDocument()
    expect(calls[0].body).toEqual({ code: '12345678' })
  })

  it('is not shown once the address is confirmed', () => {
    renderWithProviders(<EmailPrompt user={makeUser({ email: 'priya@example.com', hasProvenEmail: true })} />)
    expect(screen.queryByRole('region')).toBeNull()
  })
})

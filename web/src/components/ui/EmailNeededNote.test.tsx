import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithProviders } from '@/test/render'
import { EmailNeededNote } from './EmailNeededNote'

describe('EmailNeededNote', () => {
  it('says e-mails need a confirmed address and links to add one', () => {
    renderWithProviders(<EmailNeededNote />)
    expect(screen.getByRole('note')).toHaveTextContent('E-mails need a confirmed address, and your account has none yet.')
    expect(screen.getByRole('link', { name: 'Add an e-mail address' })).toHaveAttribute('href', '/settings#settings-email')
  })

  it('names an address waiting for its code', () => {
    renderWithProviders(<EmailNeededNote pendingEmail="priya@example.com" />)
    expect(screen.getByRole('note')).toHaveTextContent('priya@example.com is waiting for the code we sent it.')
    expect(screen.getByRole('link', { name: 'Enter the code' })).toBeInTheDocument()
  })
})

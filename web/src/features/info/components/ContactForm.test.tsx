import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { json, mockFetch } from '@/test/fetch-mock'
import { renderWithProviders } from '@/test/render'
import { ContactForm } from './ContactForm'

afterEach(() => vi.unstubAllGlobals())

async function fill(user: ReturnType<typeof userEvent.setup>, email = 'vera@example.com') {
  await user.type(screen.getByLabelText('Name'), 'Vera')
  await user.type(screen.getByLabelText('Email'), email)
  await user.type(screen.getByLabelText('Subject (optional)'), 'Hello')
  await user.type(screen.getByLabelText('Message'), 'How do I get verified?')
}

describe('ContactForm', () => {
  it('validates before sending', async () => {
    const user = userEvent.setup()
    const { calls } = mockFetch({})
    renderWithProviders(<ContactForm />)
    await user.click(screen.getByRole('button', { name: 'Send message' }))
    expect(await screen.findByText('Name is required')).toBeInTheDocument()
    expect(screen.getByText('Email is required')).toBeInTheDocument()
    expect(screen.getByText('Message is required')).toBeInTheDocument()
    await user.type(screen.getByLabelText('Email'), 'nope')
    await user.click(screen.getByRole('button', { name: 'Send message' }))
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument()
    expect(calls).toHaveLength(0)
  })

  it('sends the message, thanks the visitor with the server text and clears the form', async () => {
    const user = userEvent.setup()
    const answer = 'Thank you! Your message has been received. We will reply by e-mail.'
    const { calls } = mockFetch({ 'POST /api/contact': () => json({ id: 'c1', message: answer }, 201) })
    renderWithProviders(<ContactForm />)
    await fill(user)
    await user.click(screen.getByRole('button', { name: 'Send message' }))
    expect(await screen.findByText('Message sent')).toBeInTheDocument()
    expect(screen.getByText(answer)).toBeInTheDocument()
    expect(calls[0].body).toEqual({ name: 'Vera', email: 'vera@example.com', subject: 'Hello', message: 'How do I get verified?' })
    expect(screen.getByLabelText('Name')).toHaveValue('')
  })

  it('puts server field messages under their fields and shows 429 in a toast', async () => {
    const user = userEvent.setup()
    let attempt = 0
    mockFetch({
      'POST /api/contact': () =>
        ++attempt === 1
          ? json({ status: 400, message: 'Invalid.', data: { email: { code: 'x', message: 'Please enter a valid email address' } } }, 400)
          : json({ status: 429, message: 'Too many requests. Please try again later.', data: {} }, 429),
    })
    renderWithProviders(<ContactForm />)
    await fill(user, 'vera@example.co')
    await user.click(screen.getByRole('button', { name: 'Send message' }))
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Send message' }))
    expect(await screen.findByText('Too many requests. Please try again later.')).toBeInTheDocument()
  })
})

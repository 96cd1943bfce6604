import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { json, mockFetch } from '@/test/fetch-mock'
import { renderWithProviders } from '@/test/render'
import { Composer } from './Composer'

describe('Composer', () => {
  it('sends on Enter, keeps Shift+Enter as a new line, and is disabled while empty', async () => {
    const user = userEvent.setup()
    const { calls } = mockFetch({ 'POST /api/conversations/c1/messages': () => json({ id: 'm1', body: 'Hi\nthere' }, 201) })
    renderWithProviders(<Composer conversationId="c1" />)
    expect(screen.getByRole('button', { name: 'Send message' })).toBeDisabled()
    const box = screen.getByLabelText('Write a message')
    await user.type(box, 'Hi{Shift>}{Enter}{/Shift}there')
    expect(box).toHaveValue('Hi\nthere')
    await user.type(box, '{Enter}')
    await screen.findByText('0 / 4000')
    expect(calls[0].body).toEqual({ body: 'Hi\nthere' })
  })

  it('says when messages go too fast', async () => {
    const user = userEvent.setup()
    mockFetch({ 'POST /api/conversations/c1/messages': () => json({ status: 429, message: 'Too many requests.', data: {} }, 429) })
    renderWithProviders(<Composer conversationId="c1" />)
    await user.type(screen.getByLabelText('Write a message'), 'Hello{Enter}')
    expect(await screen.findByText('You are sending messages too fast')).toBeInTheDocument()
  })
})

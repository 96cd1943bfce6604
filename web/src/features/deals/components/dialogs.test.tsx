import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '@/test/render'
import { DeliverablesDialog } from './DeliverablesDialog'
import { ProofDialog } from './ProofDialog'

const item = { id: 'd1', title: 'Logo on the banner', due: '', doneAt: '', proofText: '', proofLink: '' }

describe('DeliverablesDialog', () => {
  it('refuses an empty deliverable in the server words, then sends the list with due dates', async () => {
    const user = userEvent.setup()
    const onSubmit = vi.fn().mockResolvedValue(true)
    const onClose = vi.fn()
    renderWithProviders(<DeliverablesDialog open onClose={onClose} current={[]} pending={false} onSubmit={onSubmit} />)
    await user.click(screen.getByRole('button', { name: 'Send proposal' }))
    expect(await screen.findByText('Say what the sponsor gets')).toBeInTheDocument()
    expect(onSubmit).not.toHaveBeenCalled()
    await user.type(screen.getByLabelText('Deliverable 1', { exact: true }), '  Logo on the banner ')
    await user.click(screen.getByRole('button', { name: 'Add a deliverable' }))
    await user.type(screen.getByLabelText('Deliverable 2', { exact: true }), 'A stage mention')
    await user.click(screen.getByRole('button', { name: 'Send proposal' }))
    expect(onSubmit).toHaveBeenCalledWith([
      { id: '', title: 'Logo on the banner', due: '' },
      { id: '', title: 'A stage mention', due: '' },
    ])
    expect(onClose).toHaveBeenCalled()
  })

  it('starts a change from the agreed list, keeping each item id', async () => {
    const user = userEvent.setup()
    const onSubmit = vi.fn().mockResolvedValue(true)
    renderWithProviders(<DeliverablesDialog open onClose={() => {}} current={[item]} pending={false} onSubmit={onSubmit} />)
    expect(screen.getByRole('dialog', { name: 'Propose a change to the deliverables' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Remove deliverable 1' })).toBeDisabled()
    await user.click(screen.getByRole('button', { name: 'Send proposal' }))
    expect(onSubmit).toHaveBeenCalledWith([{ id: 'd1', title: 'Logo on the banner', due: '' }])
  })
})

describe('ProofDialog', () => {
  it.each([
    ['', '', 'Add proof: a note, a link or both'],
    ['', 'javascript:alert(1)', 'Link must be a web address (https://…)'],
  ])('refuses note %j and link %j before sending', async (note, link, message) => {
    const user = userEvent.setup()
    const onSubmit = vi.fn()
    renderWithProviders(<ProofDialog deliverable={item} onClose={() => {}} pending={false} onSubmit={onSubmit} />)
    if (note) await user.type(screen.getByLabelText('Proof'), note)
    if (link) await user.type(screen.getByLabelText('Link (optional)'), link)
    await user.click(screen.getByRole('button', { name: 'Mark delivered' }))
    expect(await screen.findByText(message)).toBeInTheDocument()
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('sends a link alone as proof', async () => {
    const user = userEvent.setup()
    const onSubmit = vi.fn().mockResolvedValue(true)
    renderWithProviders(<ProofDialog deliverable={item} onClose={() => {}} pending={false} onSubmit={onSubmit} />)
    await user.type(screen.getByLabelText('Link (optional)'), 'https://example.com/photo')
    await user.click(screen.getByRole('button', { name: 'Mark delivered' }))
    expect(onSubmit.mock.calls[0][0]).toEqual({ proofText: '', proofLink: 'https://example.com/photo' })
  })
})

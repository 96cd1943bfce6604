import { act, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import type { Deliverable } from '@/lib/api-types.gen'
import { stubObjectUrls } from '@/test/object-urls'
import { renderWithProviders } from '@/test/render'
import { DeliverablesDialog } from './DeliverablesDialog'
import { ProofDialog } from './ProofDialog'

const item = { id: 'd1', title: 'Logo on the banner', due: '', doneAt: '', proofText: '', proofLink: '', proofPicture: '' }

/** A picture of the given size in bytes (the bytes themselves are not made). */
function picture(name = 'banner.jpg', type = 'image/jpeg', size = 2_000_000): File {
  const file = new File(['jpeg'], name, { type })
  Object.defineProperty(file, 'size', { value: size })
  return file
}

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
    ['', '', 'Add proof: a note, a link or a picture'],
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

  it('starts empty for another deliverable, and keeps the draft of the same one', async () => {
    const user = userEvent.setup()
    const second = { ...item, id: 'd2', title: 'A stage mention' }
    let show: (d: Deliverable | null) => void = () => {}
    function Switcher() {
      const [current, setCurrent] = useState<Deliverable | null>(item)
      show = setCurrent
      return <ProofDialog deliverable={current} onClose={() => setCurrent(null)} pending={false} onSubmit={vi.fn()} />
    }
    renderWithProviders(<Switcher />)
    await user.type(screen.getByLabelText('Proof'), 'The banner at the gate')
    act(() => show(null))
    act(() => show(item))
    expect(screen.getByLabelText('Proof')).toHaveValue('The banner at the gate')
    act(() => show(null))
    act(() => show(second))
    expect(screen.getByLabelText('Proof')).toHaveValue('')
  })

  it('sends a link alone as proof', async () => {
    const user = userEvent.setup()
    const onSubmit = vi.fn().mockResolvedValue(true)
    renderWithProviders(<ProofDialog deliverable={item} onClose={() => {}} pending={false} onSubmit={onSubmit} />)
    await user.type(screen.getByLabelText('Link (optional)'), 'https://example.com/photo')
    await user.click(screen.getByRole('button', { name: 'Mark delivered' }))
    expect(onSubmit.mock.calls[0][0]).toEqual({ proofText: '', proofLink: 'https://example.com/photo', picture: null })
  })

  describe('with a picture', () => {
    const objectUrls = stubObjectUrls()

    it('sends a picture alone as proof, shown small before it goes; removing it lets its preview go', async () => {
      const user = userEvent.setup()
      const onSubmit = vi.fn().mockResolvedValue(true)
      renderWithProviders(<ProofDialog deliverable={item} onClose={() => {}} pending={false} onSubmit={onSubmit} />)
      const input = screen.getByLabelText('Picture (optional)')
      expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/gif,image/webp')
      expect(input).toHaveAccessibleDescription('JPEG, PNG, GIF or WebP, at most 8 MB.')

      await user.upload(input, picture('first.png', 'image/png'))
      expect(screen.getByRole('img', { name: /^Preview of / })).toHaveAttribute('src', 'blob:preview-1')
      const file = picture()
      await user.upload(input, file)
      expect(screen.getByRole('img', { name: /^Preview of / })).toHaveAttribute('src', 'blob:preview-2')
      expect(objectUrls.revoke).toHaveBeenCalledWith('blob:preview-1')
      expect(screen.getByRole('img', { name: 'Preview of banner.jpg' })).toBeInTheDocument()

      await user.click(screen.getByRole('button', { name: 'Mark delivered' }))
      expect(onSubmit.mock.calls[0][0]).toEqual({ proofText: '', proofLink: '', picture: file })
    })

    it('lets a picture go before sending: then a note, a link or a picture is asked for', async () => {
      const user = userEvent.setup()
      const onSubmit = vi.fn()
      renderWithProviders(<ProofDialog deliverable={item} onClose={() => {}} pending={false} onSubmit={onSubmit} />)
      await user.upload(screen.getByLabelText('Picture (optional)'), picture())
      await user.click(screen.getByRole('button', { name: 'Remove picture' }))
      expect(screen.queryByTestId('picture-preview')).toBeNull()
      expect(objectUrls.revoke).toHaveBeenCalledWith('blob:preview-1')
      expect(screen.getByLabelText<HTMLInputElement>('Picture (optional)').files).toHaveLength(0)
      await user.click(screen.getByRole('button', { name: 'Mark delivered' }))
      expect(await screen.findByText('Add proof: a note, a link or a picture')).toBeInTheDocument()
      expect(onSubmit).not.toHaveBeenCalled()
    })

    it('refuses a picture over 8 MB at once, in the server words, and sends nothing', async () => {
      const user = userEvent.setup()
      const onSubmit = vi.fn()
      renderWithProviders(<ProofDialog deliverable={item} onClose={() => {}} pending={false} onSubmit={onSubmit} />)
      await user.type(screen.getByLabelText('Proof'), 'The banner went up.')
      const input = screen.getByLabelText('Picture (optional)')
      await user.upload(input, picture('huge.jpg', 'image/jpeg', 8 * 1024 * 1024 + 1))
      expect(await screen.findByText('The picture must be at most 8 MB')).toBeInTheDocument()
      expect(input).toHaveAccessibleDescription('The picture must be at most 8 MB')
      expect(input).toHaveAttribute('aria-invalid', 'true')
      expect(screen.queryByTestId('picture-preview')).toBeNull()
      await user.click(screen.getByRole('button', { name: 'Mark delivered' }))
      expect(onSubmit).not.toHaveBeenCalled()

      // exactly 8 MB goes
      await user.upload(input, picture('big.jpg', 'image/jpeg', 8 * 1024 * 1024))
      expect(screen.queryByText('The picture must be at most 8 MB')).toBeNull()
      await user.click(screen.getByRole('button', { name: 'Mark delivered' }))
      expect(onSubmit).toHaveBeenCalledTimes(1)
    })
  })
})

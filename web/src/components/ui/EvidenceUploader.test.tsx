import { useState } from 'react'
import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { mockXhr } from '@/test/fake-xhr'
import type { EvidenceFile } from '@/lib/api-types.gen'
import { EvidenceUploader } from './EvidenceUploader'

function Harness({ onChange }: { onChange?: (f: EvidenceFile | null) => void }) {
  const [value, setValue] = useState<EvidenceFile | null>(null)
  return (
    <EvidenceUploader
      value={value}
      target={{ kit: true }}
      onChange={(f) => {
        setValue(f)
        onChange?.(f)
      }}
    />
  )
}

const png = () => new File(['png-bytes'], 'tickets.png', { type: 'image/png' })

describe('EvidenceUploader', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('uploads the picked file as multipart with its progress, then shows the stored file and answers it', async () => {
    const sent = mockXhr()
    const onChange = vi.fn()
    render(<Harness onChange={onChange} />)
    await userEvent.upload(screen.getByLabelText('Evidence (optional)'), png())

    expect(sent).toHaveLength(1)
    expect(sent[0].method).toBe('POST')
    expect(sent[0].url).toBe('/api/evidence')
    expect((sent[0].body.get('file') as File).name).toBe('tickets.png')
    expect(sent[0].body.get('kit')).toBe('true')

    act(() => sent[0].progress(40, 100))
    expect(screen.getByRole('progressbar', { name: 'Uploading tickets.png' })).toHaveAttribute('value', '40')
    expect(screen.getByText('40%')).toBeInTheDocument()

    const stored = { id: 'ev1', kind: 'picture' as const, name: 'tickets.png', url: '/api/evidence/ev1' }
    await act(async () => sent[0].answer(201, stored))
    expect(onChange).toHaveBeenCalledWith(stored)
    expect(screen.getByRole('link', { name: 'Evidence: tickets.png (opens in a new tab)' })).toHaveAttribute('href', '/api/evidence/ev1')

    await userEvent.click(screen.getByRole('button', { name: 'Remove the evidence tickets.png' }))
    expect(onChange).toHaveBeenLastCalledWith(null)
    expect(screen.getByLabelText('Evidence (optional)')).toBeInTheDocument()
  })

  it("shows the server's message for a refused file and lets the member pick another", async () => {
    const sent = mockXhr()
    render(<Harness />)
    await userEvent.upload(screen.getByLabelText('Evidence (optional)'), png())
    await act(async () =>
      sent[0].answer(400, {
        status: 400,
        message: 'Please check the highlighted fields.',
        data: { file: { code: 'invalid', message: 'The picture is too small to read' } },
      }),
    )
    expect(screen.getByRole('alert')).toHaveTextContent('The picture is too small to read')
    expect(screen.getByLabelText('Evidence (optional)')).toHaveAttribute('aria-invalid', 'true')

    await act(async () => {
      await userEvent.upload(screen.getByLabelText('Evidence (optional)'), png())
    })
    await act(async () => sent[1].answer(429, { status: 429, message: 'You have uploaded many files today.', data: {} }))
    expect(screen.getByRole('alert')).toHaveTextContent('You have uploaded many files today.')
  })

  it('refuses a PDF over 4 MB in the server’s words without sending it, and sends a deal’s file with the deal', async () => {
    const sent = mockXhr()
    const { rerender } = render(<EvidenceUploader value={null} onChange={() => {}} target={{ kit: true }} />)
    const big = new File([new Uint8Array((4 << 20) + 1)], 'report.pdf', { type: 'application/pdf' })
    await userEvent.upload(screen.getByLabelText('Evidence (optional)'), big)
    expect(screen.getByRole('alert')).toHaveTextContent('The PDF must be at most 4 MB')
    expect(sent).toHaveLength(0)

    rerender(<EvidenceUploader label="Receipt" value={null} onChange={() => {}} target={{ deal: 'd1' }} />)
    await userEvent.upload(screen.getByLabelText('Receipt'), new File(['%PDF-1.4'], 'bill.pdf', { type: 'application/pdf' }))
    expect(sent[0].body.get('deal')).toBe('d1')
    expect(sent[0].body.get('kit')).toBeNull()
  })

  it('cancels an upload', async () => {
    const sent = mockXhr()
    const onChange = vi.fn()
    render(<Harness onChange={onChange} />)
    await userEvent.upload(screen.getByLabelText('Evidence (optional)'), png())
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(sent[0].aborted).toBe(true)
    expect(onChange).not.toHaveBeenCalled()
    expect(screen.getByLabelText('Evidence (optional)')).toBeInTheDocument()
  })
})

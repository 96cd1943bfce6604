import { useState } from 'react'
import { Button } from '@/components/ui/Button'
import { Dialog } from '@/components/ui/Dialog'
import { errorMessage } from '@/lib/api'
import { formatInr } from '@/lib/money'
import { sandboxDeclined, sandboxPaid } from '../api/sandbox-pay'
import type { CheckoutOptions } from '../checkout'
import type { CheckoutFailure, CheckoutSuccess } from '@/features/subscription/types'
import { TestModeBadge } from './TestModeBadge'

interface SandboxCheckoutDialogProps {
  open: boolean
  options: CheckoutOptions
  onPaid: (response: CheckoutSuccess) => void
  onFailed: (response: CheckoutFailure) => void
  onCancel: () => void
}

/** The sandbox checkout's window: what Razorpay's payment window is in live mode. */
export function SandboxCheckoutDialog({ open, options, onPaid, onFailed, onCancel }: SandboxCheckoutDialogProps) {
  const [busy, setBusy] = useState<'pay' | 'fail' | null>(null)
  const [problem, setProblem] = useState('')

  const run = async (outcome: 'success' | 'failed') => {
    setBusy(outcome === 'success' ? 'pay' : 'fail')
    setProblem('')
    try {
      if (outcome === 'success') onPaid(await sandboxPaid(options.order_id))
      else onFailed(await sandboxDeclined(options.order_id))
    } catch (error) {
      setProblem(errorMessage(error))
    } finally {
      setBusy(null)
    }
  }

  const rows: [string, string][] = [
    ['Merchant', options.name],
    ['Plan', options.description],
    ['Paying as', [options.prefill.name, options.prefill.email].filter(Boolean).join(' · ') || '—'],
    ['Order', options.order_id],
  ]

  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title="Test-mode checkout"
      description={<TestModeBadge />}
      testId="sandbox-checkout"
      footer={
        <div className="flex w-full flex-col-reverse gap-2 sm:w-auto sm:flex-row">
          <Button variant="ghost" onClick={onCancel} disabled={!!busy}>
            Cancel
          </Button>
          <Button variant="outline" className="btn-error" onClick={() => void run('failed')} loading={busy === 'fail'} disabled={!!busy}>
            Fail payment (test)
          </Button>
          <Button onClick={() => void run('success')} loading={busy === 'pay'} disabled={!!busy} data-autofocus>
            Pay (test)
          </Button>
        </div>
      }
    >
      <div className="space-y-4 text-sm">
        <p role="note" className="alert alert-warning alert-soft text-base-content">
          Test mode — no real money moves. This server has no Razorpay keys.
        </p>
        <p className="text-center">
          <span className="block text-base-content/75">Amount</span>
          <span className="text-3xl font-bold">{formatInr(options.amount / 100)}</span>
        </p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-base-content/75">{label}</dt>
              <dd className="min-w-0 font-medium break-all">{value}</dd>
            </div>
          ))}
        </dl>
        {problem && (
          <p role="alert" className="text-error">
            {problem}
          </p>
        )}
      </div>
    </Dialog>
  )
}

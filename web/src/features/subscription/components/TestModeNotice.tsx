import { TestModeBadge } from './TestModeBadge'

/** Sandbox payments: said loudly next to every place a plan can be bought. */
export function TestModeNotice({ className = '' }: { className?: string }) {
  return (
    <div role="note" className={`alert alert-warning alert-soft flex flex-wrap items-center gap-2 text-sm ${className}`}>
      <TestModeBadge />
      <span className="text-base-content">No real payment is taken: this server has no Razorpay keys, so checkout is simulated.</span>
    </div>
  )
}

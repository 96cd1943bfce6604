import { createPortal } from 'react-dom'
import { dismissToast, useCurrentToast } from '@/lib/toast'
import { useTopDialog } from './dialog-stack'
import { CloseIcon } from './icons'

const variantClass = {
  default: 'border-base-300 bg-base-100 text-base-content',
  success: 'border-success/40 bg-base-100 text-base-content',
  destructive: 'border-error bg-error text-error-content',
} as const

/**
 * Renders the single current toast; the live regions stay mounted so screen readers hear it. While
 * a dialog is open the toast sits inside the dialog's box, below its buttons, taking its own room:
 * floating over the page it would cover the box's title, close button or footer.
 */
export function Toaster() {
  const toast = useCurrentToast()
  const topDialog = useTopDialog()
  const box = topDialog?.querySelector<HTMLElement>('.modal-box') ?? null
  const region = (
    <div
      data-testid="toaster"
      className={
        box
          ? 'pointer-events-none flex w-full shrink-0 flex-col px-4 empty:hidden [&:has(>*>*)]:pb-4'
          : 'pointer-events-none fixed inset-x-3 top-3 z-[100] mx-auto flex max-w-[420px] flex-col md:inset-x-auto md:top-auto md:right-4 md:bottom-4 md:w-[420px]'
      }
    >
      <div role="status" aria-live="polite">
        {toast && toast.variant !== 'destructive' && <ToastCard key={toast.id} {...toast} />}
      </div>
      <div role="alert" aria-live="assertive">
        {toast && toast.variant === 'destructive' && <ToastCard key={toast.id} {...toast} />}
      </div>
    </div>
  )
  return createPortal(region, box ?? topDialog ?? document.body)
}

function ToastCard({ title, description, variant }: { title: string; description?: string; variant: keyof typeof variantClass }) {
  return (
    <div
      data-print="hide"
      data-testid="toast"
      className={`pointer-events-auto flex w-full items-start gap-3 rounded-box border p-4 shadow-lg ${variantClass[variant]}`}
    >
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{title}</p>
        {description && <p className="mt-1 text-sm break-words opacity-90">{description}</p>}
      </div>
      <button type="button" className="btn btn-ghost btn-xs btn-circle" aria-label="Dismiss notification" onClick={dismissToast}>
        <CloseIcon className="size-4" />
      </button>
    </div>
  )
}

import { useEffect, useId, useRef, type ReactNode } from 'react'
import { pushDialog, removeDialog } from './dialog-stack'
import { CloseIcon } from './icons'

const sizeClass = { md: 'max-w-lg', lg: 'max-w-2xl', xl: 'max-w-3xl' } as const

export interface DialogProps {
  open: boolean
  onClose: () => void
  title: ReactNode
  description?: ReactNode
  size?: keyof typeof sizeClass
  footer?: ReactNode
  children?: ReactNode
  /** `data-testid` of the <dialog> element. */
  testId?: string
}

/** Where focus goes back to when a dialog's opener is gone: the card, the outer dialog or the page's main. */
const returnContainer = 'article, .modal-box, main'

/**
 * Puts focus back after a dialog closed, when the browser could not: the dialog was removed without
 * closing, or its opener went away or turned disabled (Sponsor became "Pledged"). Then the opener's
 * card (or outer dialog, or the page's main) takes focus, named, where the member was, without
 * scrolling; never the page's start.
 */
function returnFocus(opener: HTMLElement | null, container: HTMLElement | null) {
  setTimeout(() => {
    const now = document.activeElement
    if (now && now !== document.body && now.isConnected) return
    if (opener?.isConnected && !opener.matches(':disabled')) {
      opener.focus({ preventScroll: true })
      if (document.activeElement === opener) return
    }
    const target = container?.isConnected ? container : document.querySelector<HTMLElement>('main')
    if (!target) return
    if (!target.hasAttribute('tabindex')) target.tabIndex = -1
    target.focus({ preventScroll: true })
  }, 0)
}

/**
 * A native modal <dialog>: focus is trapped, Escape and the backdrop close it, focus returns (to the
 * opener, else its card: `returnFocus`). Mark the element that should receive focus first with
 * `data-autofocus`.
 */
export function Dialog({ open, onClose, title, description, size = 'md', footer, children, testId }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const descriptionId = useId()
  const onCloseRef = useRef(onClose)
  // Closing because `open` turned false is the parent's doing: don't report it back.
  const closingFromProp = useRef(false)
  // What had focus when the dialog opened, and the card (or outer dialog) it sits in.
  const opener = useRef<{ el: HTMLElement | null; container: HTMLElement | null } | null>(null)
  useEffect(() => {
    onCloseRef.current = onClose
  })

  useEffect(() => {
    const el = ref.current
    if (!el) return
    if (open && !el.open) {
      const active =
        document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null
      opener.current = { el: active, container: active?.closest<HTMLElement>(returnContainer) ?? null }
      el.showModal()
      pushDialog(el)
      // Start on the element marked data-autofocus, else on the dialog box itself (not the X).
      const target = el.querySelector<HTMLElement>('[data-autofocus]') ?? el.querySelector<HTMLElement>('.modal-box')
      target?.focus()
    } else if (!open && el.open) {
      closingFromProp.current = true
      el.close()
    }
  }, [open])

  useEffect(() => {
    const el = ref.current
    if (!el) return
    const handleClose = () => {
      removeDialog(el)
      if (opener.current) returnFocus(opener.current.el, opener.current.container)
      opener.current = null
      if (closingFromProp.current) closingFromProp.current = false
      else onCloseRef.current()
    }
    el.addEventListener('close', handleClose)
    return () => {
      el.removeEventListener('close', handleClose)
      removeDialog(el)
      // removed while open (its parent stopped rendering it): no close event comes
      if (opener.current) returnFocus(opener.current.el, opener.current.container)
    }
  }, [])

  return (
    <dialog
      ref={ref}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      data-testid={testId}
    >
      {open && (
        <div tabIndex={-1} className={`modal-box flex max-h-[90vh] w-full flex-col p-0 outline-none ${sizeClass[size]}`}>
          <header className="flex items-start justify-between gap-4 border-b border-base-300 px-6 py-4">
            <div className="min-w-0">
              <h2 id={titleId} className="text-lg font-semibold leading-snug">
                {title}
              </h2>
              {description && (
                <p id={descriptionId} className="mt-1 text-sm text-base-content/75">
                  {description}
                </p>
              )}
            </div>
            <button
              type="button"
              className="btn btn-ghost btn-sm btn-circle -mr-2"
              aria-label="Close dialog"
              onClick={() => ref.current?.close()}
            >
              <CloseIcon className="size-5" />
            </button>
          </header>
          <div className="min-h-0 flex-1 overflow-y-auto px-6 py-5">{children}</div>
          {footer && <footer className="flex flex-wrap justify-end gap-2 border-t border-base-300 px-6 py-4">{footer}</footer>}
        </div>
      )}
      <form method="dialog" className="modal-backdrop">
        <button type="submit" tabIndex={-1} aria-hidden="true">
          close
        </button>
      </form>
    </dialog>
  )
}

import type { ReactNode } from 'react'

/**
 * The horizontal scroller around a wide table. On a phone the table is wider than the screen, so
 * keyboard users must be able to scroll it too: the scroller takes focus (arrow keys scroll it)
 * and is a region named after the table (axe's scrollable-region-focusable).
 */
export function TableScroller({ label, children, className = '' }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div
      role="region"
      aria-label={label}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be reachable by keyboard
      tabIndex={0}
      className={`overflow-x-auto rounded-box border border-base-300 bg-base-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary ${className}`}
    >
      {children}
    </div>
  )
}

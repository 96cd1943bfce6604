import { badgeCount } from '../badge'

/** A small count badge; nothing at 0. `label` is read by screen readers instead of the number. */
export function UnreadBadge({ count, label, className = '' }: { count: number; label: string; className?: string }) {
  if (count <= 0) return null
  return (
    <span
      className={`badge badge-error badge-sm min-w-5 px-1 font-semibold text-error-content ${className}`}
      aria-label={label}
      data-testid="unread-badge"
    >
      {badgeCount(count)}
    </span>
  )
}

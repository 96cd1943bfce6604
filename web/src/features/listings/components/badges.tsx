import { Badge } from '@/components/ui/Badge'
import { closedReasonText, type ClosedReason } from '@/lib/listing'
import { categoryBadgeClass, statusBadgeClass } from './badge-classes'

function CategoryBadge({ category }: { category: string }) {
  return <Badge className={categoryBadgeClass(category)}>{category}</Badge>
}

export function CategoryBadges({ categories }: { categories: string[] }) {
  if (!categories.length) return null
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Categories">
      {categories.map((c) => (
        <li key={c}>
          <CategoryBadge category={c} />
        </li>
      ))}
    </ul>
  )
}

export function StatusBadge({ status }: { status: string }) {
  const label = status ? status.charAt(0).toUpperCase() + status.slice(1) : 'Unknown'
  return <Badge className={statusBadgeClass(status)}>{label}</Badge>
}

/**
 * Why a closed listing cannot be backed ("Closed by the poster", "Event date passed", an offer's cap
 * reached); a sponsored one's badge says it.
 */
export function ClosedReasonNote({
  item,
  className = '',
}: {
  item: { closedReason?: ClosedReason; applicationCap?: number }
  className?: string
}) {
  const reason = item.closedReason
  if (!reason || reason === 'sponsored') return null
  return (
    <p data-testid="closed-reason" className={`text-sm font-medium text-base-content/75 ${className}`}>
      {closedReasonText(item)}
    </p>
  )
}

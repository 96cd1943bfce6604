import { Badge } from '@/components/ui/Badge'
import { categoryBadgeClass, statusBadgeClass } from './badge-classes'

export function CategoryBadge({ category }: { category: string }) {
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

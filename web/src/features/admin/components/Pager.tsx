import { Button } from '@/components/ui/Button'

interface PagerProps {
  page: number
  totalPages: number
  totalItems: number
  onChange: (page: number) => void
  label: string
}

/** Previous / next over PocketBase's list shape; hidden when everything fits on one page. */
export function Pager({ page, totalPages, totalItems, onChange, label }: PagerProps) {
  if (totalPages <= 1) return null
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3 pt-2 text-sm">
      <p className="text-base-content/75">
        Page {page} of {totalPages} · {totalItems} in all
      </p>
      <div className="join">
        <Button variant="outline" size="sm" className="join-item" disabled={page <= 1} onClick={() => onChange(page - 1)}>
          Previous
        </Button>
        <Button variant="outline" size="sm" className="join-item" disabled={page >= totalPages} onClick={() => onChange(page + 1)}>
          Next
        </Button>
      </div>
    </nav>
  )
}

import { Button } from '@/components/ui/Button'
import { pageCount, type ListPage } from '@/lib/list-page'

interface PagerProps {
  list: ListPage<unknown>
  onChange: (page: number) => void
  label: string
}

/** Previous / next over a counted list (docs/api/README.md, "Lists"); hidden when everything fits on one page. */
export function Pager({ list, onChange, label }: PagerProps) {
  const pages = pageCount(list)
  if (pages <= 1) return null
  const { page } = list
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3 pt-2 text-sm">
      <p className="text-base-content/75">
        Page {page} of {pages} · {list.total} in all
      </p>
      <div className="join">
        <Button variant="outline" size="sm" className="join-item" disabled={page <= 1} onClick={() => onChange(page - 1)}>
          Previous
        </Button>
        <Button variant="outline" size="sm" className="join-item" disabled={!list.hasMore} onClick={() => onChange(page + 1)}>
          Next
        </Button>
      </div>
    </nav>
  )
}

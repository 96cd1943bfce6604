import { lazy, Suspense, useState } from 'react'
import { Button } from '@/components/ui/Button'
import type { SavedQuery, ListingKind } from '@/lib/api-types.gen'

// The dialog (its form, the search's wording, the e-mail note) loads when a member opens it: it is
// not part of the listing screen's first bytes (docs/web/bundle-size.md).
const SaveSearchDialog = lazy(() => import('./SaveSearchDialog').then((m) => ({ default: m.SaveSearchDialog })))

interface SaveSearchButtonProps {
  kind: ListingKind
  query: SavedQuery
}

/** Saves the listing screen's current search (tab, keyword, filters) under a name. */
export function SaveSearchButton({ kind, query }: SaveSearchButtonProps) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button variant="outline" className="bg-base-100" onClick={() => setOpen(true)}>
        {/* On phones the words alone: an icon-only bell here read as a second notifications bell. */}
        <BellIcon />
        Save search
      </Button>
      {open && (
        <Suspense fallback={null}>
          <SaveSearchDialog kind={kind} query={query} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  )
}

function BellIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      className="hidden size-4 sm:block"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  )
}

import { useState, type FormEvent } from 'react'
import { Button } from '@/components/ui/Button'
import { Dialog } from '@/components/ui/Dialog'
import { TextField } from '@/components/ui/Field'
import { EmailNeededNote } from '@/components/ui/EmailNeededNote'
import { useSession } from '@/features/auth/session'
import { ApiError, errorMessage } from '@/lib/api'
import { toast } from '@/lib/toast'
import { useSaveSearch } from '../api/saved-searches'
import { describe, suggestName } from '../describe'
import type { SavedQuery, ListingKind } from '@/lib/api-types.gen'

interface SaveSearchButtonProps {
  kind: ListingKind
  query: SavedQuery
}

/** Saves the listing screen's current search (tab, keyword, filters) under a name. */
export function SaveSearchButton({ kind, query }: SaveSearchButtonProps) {
  const [open, setOpen] = useState(false)
  const [name, setName] = useState('')
  const save = useSaveSearch()
  const [error, setError] = useState('')
  const { user } = useSession()
  const emailed = user?.hasProvenEmail ?? false

  const start = () => {
    setName(suggestName(kind, query))
    setError('')
    save.reset()
    setOpen(true)
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!name.trim()) return setError('Give the search a name')
    save.mutate(
      { name: name.trim(), kind, query },
      {
        onSuccess: (saved) => {
          setOpen(false)
          toast({ title: 'Search saved', description: `We will tell you when a new listing matches “${saved.name}”.`, variant: 'success' })
        },
        onError: (e) => setError(e instanceof ApiError ? (e.fieldErrors.name ?? e.message) : errorMessage(e)),
      },
    )
  }

  return (
    <>
      <Button variant="outline" className="bg-base-100" onClick={start}>
        {/* On phones the words alone: an icon-only bell here read as a second notifications bell. */}
        <BellIcon />
        Save search
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="Save this search"
        description={
          emailed
            ? 'Get a notification (and at most one e-mail an hour) when a new listing matches it.'
            : 'Get a notification when a new listing matches it.'
        }
        footer={
          <>
            <Button variant="ghost" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" form="save-search-form" loading={save.isPending}>
              Save search
            </Button>
          </>
        }
      >
        <form id="save-search-form" onSubmit={submit} noValidate>
          <TextField
            label="Name"
            value={name}
            maxLength={60}
            data-autofocus
            onChange={(e) => setName(e.target.value)}
            error={error || undefined}
          />
          <p className="mt-2 text-sm text-base-content/75">
            {kind === 'requests' ? 'Sponsorship Requests' : 'Open Sponsorships'}
            {describe(query)}
          </p>
          {user && !emailed && <EmailNeededNote pendingEmail={user.pendingEmail} className="mt-3" />}
        </form>
      </Dialog>
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

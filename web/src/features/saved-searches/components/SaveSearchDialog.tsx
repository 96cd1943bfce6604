import { useState, type FormEvent } from 'react'
import { FormDialog } from '@/components/ui/FormDialog'
import { SavedSearchNameField } from './SavedSearchNameField'
import { EmailNeededNote } from '@/components/ui/EmailNeededNote'
import { useSession } from '@/features/auth/session'
import { ApiError, errorMessage } from '@/lib/api'
import { toast } from '@/lib/toast'
import { useSaveSearch } from '../api/saved-searches'
import { describe, suggestName } from '../describe'
import { listingKinds, type SavedQuery, type ListingKind } from '@/lib/api-types.gen'

interface SaveSearchDialogProps {
  kind: ListingKind
  query: SavedQuery
  onClose: () => void
}

/** Names and saves the current search; mounted (and loaded) when the member opens it. */
export function SaveSearchDialog({ kind, query, onClose }: SaveSearchDialogProps) {
  const [name, setName] = useState(() => suggestName(kind, query))
  const save = useSaveSearch()
  const [error, setError] = useState('')
  const { user } = useSession()
  const emailed = user?.hasProvenEmail ?? false

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!name.trim()) return setError('Give the search a name')
    save.mutate(
      { name: name.trim(), kind, query },
      {
        onSuccess: (saved) => {
          onClose()
          toast({ title: 'Search saved', description: `We will tell you when a new listing matches “${saved.name}”.`, variant: 'success' })
        },
        onError: (e) => setError(e instanceof ApiError ? (e.fieldErrors.name ?? e.message) : errorMessage(e)),
      },
    )
  }

  return (
    <FormDialog
      open
      onClose={onClose}
      title="Save this search"
      description={
        emailed
          ? 'Get a notification (and at most one e-mail an hour) when a new listing matches it.'
          : 'Get a notification when a new listing matches it.'
      }
      onSubmit={submit}
      submitLabel="Save search"
      pending={save.isPending}
    >
      <SavedSearchNameField value={name} onChange={setName} error={error} />
      <p className="mt-2 text-sm text-base-content/75">
        {listingKinds[kind].plural}
        {describe(query)}
      </p>
      {user && !emailed && <EmailNeededNote pendingEmail={user.pendingEmail} className="mt-3" />}
    </FormDialog>
  )
}

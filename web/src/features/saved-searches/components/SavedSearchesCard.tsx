import { useState } from 'react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/Button'
import { Dialog } from '@/components/ui/Dialog'
import { FormDialog } from '@/components/ui/FormDialog'
import { SavedSearchNameField } from './SavedSearchNameField'
import { Spinner } from '@/components/ui/Spinner'
import { SettingsCard } from '@/components/ui/SettingsCard'
import { EmailNeededNote } from '@/components/ui/EmailNeededNote'
import { useSession } from '@/features/auth/session'
import { ApiError, errorMessage } from '@/lib/api'
import { paths } from '@/lib/paths'
import { toast } from '@/lib/toast'
import { useDeleteSavedSearch, useSavedSearches, useUpdateSavedSearch } from '../api/saved-searches'
import { MAX_SAVED_SEARCHES } from '@/features/saved-searches/types'
import { listingKinds, type SavedSearch } from '@/lib/api-types.gen'
import { describe } from '../describe'

/** Settings: the member's saved searches: open, rename, pause or resume, delete. */
export function SavedSearchesCard() {
  const saved = useSavedSearches()
  const { user } = useSession()
  const emailed = user?.hasProvenEmail ?? false
  return (
    <SettingsCard
      id="saved-searches"
      title="Saved searches"
      description={
        <>
          New listings matching a search you keep alert you at once here
          {emailed ? ', and by e-mail at most once an hour per search' : ''}. Save a search from the{' '}
          <Link to={paths.home} className="link link-primary">
            listing screen
          </Link>
          ; you can keep up to {MAX_SAVED_SEARCHES}.
        </>
      }
    >
      {user && !emailed && <EmailNeededNote pendingEmail={user.pendingEmail} />}
      {saved.isPending ? (
        <Spinner label="Loading saved searches" />
      ) : saved.isError ? (
        <div role="alert" className="flex items-center gap-3 text-sm text-error">
          {errorMessage(saved.error)}
          <Button size="sm" variant="outline" onClick={() => void saved.refetch()}>
            Retry
          </Button>
        </div>
      ) : saved.data.length === 0 ? (
        <p className="text-sm text-base-content/75">You have no saved searches yet.</p>
      ) : (
        <ul className="divide-y divide-base-300" aria-label="Saved searches">
          {saved.data.map((s) => (
            <SavedRow key={s.id} search={s} />
          ))}
        </ul>
      )}
    </SettingsCard>
  )
}

function SavedRow({ search }: { search: SavedSearch }) {
  const update = useUpdateSavedSearch()
  const remove = useDeleteSavedSearch()
  const [renaming, setRenaming] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const [name, setName] = useState(search.name)
  const [error, setError] = useState('')
  const fail = (e: unknown) => toast({ title: errorMessage(e), variant: 'destructive' })

  const rename = () => {
    if (!name.trim()) return setError('Give the search a name')
    update.mutate(
      { id: search.id, name: name.trim() },
      {
        onSuccess: () => setRenaming(false),
        onError: (e) => setError(e instanceof ApiError ? (e.fieldErrors.name ?? e.message) : errorMessage(e)),
      },
    )
  }

  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between" data-testid="saved-search">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <Link to={search.path} className="link link-hover font-medium break-words">
            {search.name}
          </Link>
          {search.paused && <span className="badge badge-sm border-base-300 bg-base-200 text-base-content">Paused</span>}
        </div>
        <p className="text-sm text-base-content/75 break-words">
          {listingKinds[search.kind].plural}
          {describe(search.query)}
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap gap-1">
        <Button
          size="sm"
          variant="ghost"
          loading={update.isPending && update.variables?.paused !== undefined}
          onClick={() =>
            update.mutate(
              { id: search.id, paused: !search.paused },
              {
                onSuccess: (saved) =>
                  toast(
                    saved.paused
                      ? {
                          title: 'Saved search paused',
                          description: `“${saved.name}” will not alert you until you resume it.`,
                          variant: 'success',
                        }
                      : {
                          title: 'Saved search resumed',
                          description: `New listings matching “${saved.name}” alert you again.`,
                          variant: 'success',
                        },
                  ),
                onError: fail,
              },
            )
          }
        >
          {search.paused ? 'Resume' : 'Pause'}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          onClick={() => {
            setName(search.name)
            setError('')
            setRenaming(true)
          }}
        >
          Rename
        </Button>
        <Button size="sm" variant="ghost" className="text-error" onClick={() => setConfirming(true)}>
          Delete
        </Button>
      </div>
      <FormDialog
        open={renaming}
        onClose={() => setRenaming(false)}
        title="Rename saved search"
        onSubmit={(e) => {
          e.preventDefault()
          rename()
        }}
        submitLabel="Save"
        pending={update.isPending}
      >
        <SavedSearchNameField value={name} onChange={setName} error={error} />
      </FormDialog>
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Delete saved search?"
        description={`“${search.name}” will no longer alert you.`}
        footer={
          <>
            <Button variant="ghost" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button
              variant="error"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(search.id, {
                  onSuccess: () => {
                    setConfirming(false)
                    toast({ title: 'Saved search deleted' })
                  },
                  onError: fail,
                })
              }
            >
              Delete
            </Button>
          </>
        }
      />
    </li>
  )
}

import { useState } from 'react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/Button'
import { buttonClass } from '@/components/ui/button-class'
import { ExternalLinkIcon } from '@/components/ui/icons'
import { errorMessage } from '@/lib/api'
import { formatDate } from '@/lib/dates'
import { kitPath } from '@/lib/paths'
import type { Kit } from '@/lib/api-types.gen'
import { toast } from '@/lib/toast'
import { usePublishKit } from '../api/own-kit'

/** The kit's state and what to do with it: Publish or Unpublish, view the public page, copy its link. */
export function KitPublishBar({ kit, username, unsaved }: { kit: Kit; username: string; unsaved: boolean }) {
  const publish = usePublishKit()
  const [error, setError] = useState('')
  const path = kitPath(username)

  async function toggle() {
    setError('')
    try {
      await publish.mutateAsync(!kit.published)
      toast({ title: kit.published ? 'Media kit unpublished' : 'Media kit published', variant: 'success' })
    } catch (e) {
      setError(errorMessage(e))
    }
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(new URL(path, window.location.origin).toString())
      toast({ title: 'Link copied', variant: 'success' })
    } catch {
      toast({ title: 'Could not copy the link', description: new URL(path, window.location.origin).toString(), variant: 'destructive' })
    }
  }

  return (
    <div className="space-y-2 rounded-box bg-base-200 p-3">
      <div className="flex flex-wrap items-center gap-2">
        <p className="mr-auto text-sm" data-testid="kit-status">
          {kit.published ? (
            <>
              <span className="badge badge-sm badge-success mr-1">Published</span>
              {kit.publishedAt ? `Since ${formatDate(kit.publishedAt)}: anyone` : 'Anyone'} with the link can read it.
            </>
          ) : (
            <>
              <span className="badge badge-sm mr-1 border-base-300 bg-base-100">Not published</span>
              Only you can see it.
            </>
          )}
        </p>
        {kit.published && (
          <>
            <Link to={path} className={buttonClass({ variant: 'ghost', size: 'sm' })}>
              <ExternalLinkIcon className="size-4" /> View public page
            </Link>
            <Button variant="ghost" size="sm" onClick={() => void copy()}>
              Copy link
            </Button>
          </>
        )}
        <Button variant={kit.published ? 'outline' : 'primary'} size="sm" loading={publish.isPending} onClick={() => void toggle()}>
          {kit.published ? 'Unpublish' : 'Publish media kit'}
        </Button>
      </div>
      {unsaved && <p className="text-xs text-base-content/75">Publishing shows what is saved: save your changes first.</p>}
      {error && (
        <p role="alert" className="text-sm text-error">
          {error}
        </p>
      )}
    </div>
  )
}

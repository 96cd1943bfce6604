import { StarIcon } from '@/components/ui/icons'
import { errorMessage } from '@/lib/api'
import { toast } from '@/lib/toast'
import { useShortlist } from '../api/shortlist-application'

/** The poster's star on an application: a toggle (aria-pressed), shown at once; the applicant never learns of it. */
export function ShortlistStar({ offerId, id, name, shortlisted }: { offerId: string; id: string; name: string; shortlisted: boolean }) {
  const star = useShortlist(offerId)
  const toggle = () =>
    star.mutate(
      { id, shortlisted: !shortlisted },
      { onError: (e) => toast({ title: 'Could not change the shortlist', description: errorMessage(e), variant: 'destructive' }) },
    )
  return (
    <button
      type="button"
      aria-pressed={shortlisted}
      aria-label={`Shortlist ${name}`}
      title={shortlisted ? 'On your shortlist (only you see it)' : 'Add to your shortlist (only you see it)'}
      className={`btn btn-circle btn-ghost btn-sm ${shortlisted ? 'text-warning' : 'text-base-content/75'}`}
      onClick={toggle}
    >
      <StarIcon className="size-5" fill={shortlisted ? 'currentColor' : 'none'} />
    </button>
  )
}

import { Link } from 'react-router'
import { buttonClass } from '@/components/ui/button-class'
import { offerApplicationsPath } from '@/lib/paths'
import { reviewApplicationsLabel } from '../review-link-label'

/** The poster's way from their offer (its dialog or page) to its applications, with how many there are. */
export function ReviewApplicationsLink({ offerId, count = 0 }: { offerId: string; count?: number }) {
  return (
    <Link to={offerApplicationsPath(offerId)} className={buttonClass()}>
      {reviewApplicationsLabel}
      {count > 0 && <span className="badge badge-sm border-0 bg-base-100 text-primary">{count}</span>}
    </Link>
  )
}

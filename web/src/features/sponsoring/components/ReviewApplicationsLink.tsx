import { Link } from 'react-router'
import { buttonClass } from '@/components/ui/button-class'
import { offerApplicationsPath } from '@/lib/paths'
import { applicationsTexts } from '../applications-texts'

/** The poster's way from their offer (its dialog or page) to its applications. */
export function ReviewApplicationsLink({ offerId }: { offerId: string }) {
  return (
    <Link to={offerApplicationsPath(offerId)} className={buttonClass({ variant: 'secondary' })}>
      {applicationsTexts.reviewLink}
    </Link>
  )
}

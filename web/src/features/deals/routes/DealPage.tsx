import { Link, useParams } from 'react-router'
import { useSession } from '@/features/auth/session'
import { buttonClass } from '@/components/ui/button-class'
import { ArrowLeftIcon } from '@/components/ui/icons'
import { paths } from '@/lib/paths'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useDeal } from '../api/deals'
import { DealLoadError, DealLoading } from '../components/DealStates'
import { DealView } from '../components/DealView'

/** /deals/:id: one deal between a sponsor and a recipient, its deliverables, its steps and its history. */
export function DealPage() {
  const { id = '' } = useParams()
  const query = useDeal(id)
  const me = useSession().user
  useDocumentTitle(query.data ? `Deal: ${query.data.listing.title}` : 'Deal')

  let body = null
  if (query.isPending) body = <DealLoading />
  else if (query.isError) body = <DealLoadError error={query.error} />
  else if (me) body = <DealView deal={query.data} meId={me.id} />

  return (
    <div className="mx-auto w-full max-w-4xl space-y-5 px-4 py-6 sm:px-6">
      <Link to={paths.profile} className={buttonClass({ variant: 'ghost', size: 'sm' })}>
        <ArrowLeftIcon className="size-4" /> My profile
      </Link>
      {body}
    </div>
  )
}

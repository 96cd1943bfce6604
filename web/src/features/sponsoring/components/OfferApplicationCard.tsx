import { Link } from 'react-router'
import { Avatar } from '@/components/ui/Avatar'
import { Button } from '@/components/ui/Button'
import { MemberName } from '@/components/ui/MemberName'
import { formatDate } from '@/lib/dates'
import { personName } from '@/lib/member'
import { conversationPath, dealPath, profilePath } from '@/lib/paths'
import { useAccept } from '../use-accept'
import type { ReviewItem } from '@/lib/api-types.gen'
import { AnswerValue } from './AnswerValue'
import { ApplicantFigures } from './ApplicantFigures'
import { ApplicantTrack } from './ApplicantTrack'
import { ShortlistStar } from './ShortlistStar'
import { StatusPill } from './StatusPill'

interface OfferApplicationCardProps {
  offerId: string
  application: ReviewItem
  selected: boolean
  onSelect: (selected: boolean) => void
  onDecline: () => void
}

/** One application as its offer's poster reviews it. */
export function OfferApplicationCard({ offerId, application: a, selected, onSelect, onDecline }: OfferApplicationCardProps) {
  const { accept, pending } = useAccept()
  const name = personName(a.applicant)
  const headingId = `application-${a.id}`
  return (
    <article
      aria-labelledby={headingId}
      data-testid="offer-application"
      className={`card border bg-base-100 shadow-sm transition-colors ${selected ? 'border-primary ring-1 ring-primary' : 'border-base-300'}`}
    >
      <div className="card-body gap-4 p-4 sm:p-5">
        <header className="flex items-start gap-3">
          <input
            type="checkbox"
            className="checkbox checkbox-sm checkbox-primary mt-3"
            checked={selected}
            onChange={(e) => onSelect(e.target.checked)}
            aria-label={`Select ${name}`}
          />
          <Avatar src={a.applicant.avatar} name={name} />
          <div className="min-w-0 flex-1">
            <h2 id={headingId} className="text-base font-semibold">
              {a.applicant.deleted ? (
                name
              ) : (
                <Link to={profilePath(a.applicant.id)} className="link link-hover">
                  <MemberName name={name} verified={a.applicant.isVerified} />
                </Link>
              )}
            </h2>
            <div className="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-1">
              <StatusPill status={a.status} />
              <ApplicantTrack profile={a.applicantProfile} />
              <span className="text-xs text-base-content/75">Applied {formatDate(a.createdAt)}</span>
            </div>
          </div>
          <ShortlistStar offerId={offerId} id={a.id} name={name} shortlisted={a.shortlisted} />
        </header>

        <section aria-label="Match" className="rounded-box bg-base-200/70 px-3 py-2">
          <p className="text-sm">
            <span className="font-semibold">Match {a.match.score}</span>
            {a.match.reasons.length > 0 && <span className="text-base-content/75"> · {a.match.reasons.join(' · ')}</span>}
          </p>
          {a.eligibility.length > 0 && (
            <ul className="mt-1 space-y-0.5 text-sm text-warning-content" data-testid="eligibility-now">
              {a.eligibility.map((e) => (
                <li key={e.code} className="rounded bg-warning/20 px-2 py-0.5">
                  Not eligible now: {e.message}
                </li>
              ))}
            </ul>
          )}
        </section>

        <ApplicantFigures profile={a.applicantProfile} />

        {a.answers?.length ? (
          <dl className="space-y-2 text-sm" aria-label="Answers">
            {a.answers.map((answer) => (
              <div key={answer.questionId}>
                <dt className="font-medium">{answer.label}</dt>
                <dd className="text-base-content/90">
                  <AnswerValue answer={answer} />
                </dd>
              </div>
            ))}
          </dl>
        ) : null}
        {a.message && <p className="rounded-box border border-base-300 px-3 py-2 text-sm whitespace-pre-line break-words">{a.message}</p>}
        {a.status === 'declined' && a.declineReasonText && (
          <p className="text-sm text-base-content/75" data-testid="decline-reason">
            Declined: {a.declineReasonText}
            {a.declineNote && <> · “{a.declineNote}”</>}
          </p>
        )}

        <footer className="flex flex-wrap items-center justify-end gap-2">
          {a.conversationId && (
            <Link to={conversationPath(a.conversationId)} className="link link-primary mr-auto text-sm">
              Open conversation
            </Link>
          )}
          {a.dealId && (
            <Link to={dealPath(a.dealId)} className="link link-primary text-sm">
              Open the deal
            </Link>
          )}
          {a.status === 'pending' && (
            <>
              <Button size="sm" variant="outline" disabled={pending} onClick={onDecline}>
                Decline
              </Button>
              <Button size="sm" loading={pending} onClick={() => accept(a.id)}>
                Accept
              </Button>
            </>
          )}
        </footer>
      </div>
    </article>
  )
}

import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Avatar } from '@/components/ui/Avatar'
import { Button } from '@/components/ui/Button'
import { MemberName } from '@/components/ui/MemberName'
import { Stars } from '@/components/ui/Stars'
import { TableScroller } from '@/components/ui/TableScroller'
import { formatDate } from '@/lib/dates'
import { personName } from '@/lib/member'
import { dealPath, profilePath } from '@/lib/paths'
import { ratingLabel } from '@/lib/rating'
import type { CompareItem, Question } from '@/lib/api-types.gen'
import { AnswerValue } from './AnswerValue'
import { applicantFigures } from '../applicant-figures'
import { ApplicantTrack } from './ApplicantTrack'
import { StatusPill } from './StatusPill'

interface CompareTableProps {
  questions: Question[]
  applications: CompareItem[]
  onAccept: (a: CompareItem) => void
  onDecline: (a: CompareItem) => void
  /** The application whose acceptance is on its way. */
  accepting?: string
}

interface Row {
  label: string
  cell: (a: CompareItem) => ReactNode
}

/** The rows, written once for the table and the phone's cards: the offer's questions now, then answers to questions since removed. */
function rows(questions: Question[], applications: CompareItem[]): Row[] {
  const asked = new Set(questions.map((q) => q.id))
  const removed = new Map<string, string>()
  for (const a of applications) for (const ans of a.answers ?? []) if (!asked.has(ans.questionId)) removed.set(ans.questionId, ans.label)
  const answerRow = (id: string, label: string): Row => ({
    label,
    cell: (a) => <AnswerValue answer={(a.answers ?? []).find((ans) => ans.questionId === id)} />,
  })
  return [
    {
      label: 'Match',
      cell: (a) => (
        <div>
          <p className="font-semibold">{a.match.score}</p>
          {a.match.reasons.length > 0 && (
            <ul className="mt-0.5 space-y-0.5 text-xs text-base-content/80">
              {a.match.reasons.map((r) => (
                <li key={r}>{r}</li>
              ))}
            </ul>
          )}
          {a.eligibility.map((e) => (
            <p key={e.code} className="mt-1 rounded bg-warning/20 px-1.5 py-0.5 text-xs">
              Not eligible now: {e.message}
            </p>
          ))}
        </div>
      ),
    },
    {
      label: 'Reliability',
      cell: (a) => (
        <div className="space-y-0.5">
          <ApplicantTrack profile={a.applicantProfile} />
          <p className="text-xs text-base-content/75">
            {a.applicantProfile.completedDeals} completed deal{a.applicantProfile.completedDeals === 1 ? '' : 's'}
          </p>
        </div>
      ),
    },
    ...['Location', 'Categories', 'Next event', 'Audience'].map((label): Row => ({
      label,
      cell: (a) => applicantFigures(a.applicantProfile).find((f) => f.label === label)?.value,
    })),
    // a stored question always has its id (the type is the offer form's too, where it may be left out)
    ...questions.map((q) => answerRow(q.id ?? '', q.label)),
    ...[...removed].map(([id, label]) => answerRow(id, label)),
    {
      label: 'Message',
      cell: (a) =>
        a.message ? (
          <p className="whitespace-pre-line break-words">{a.message}</p>
        ) : (
          <span className="text-base-content/75">No message</span>
        ),
    },
    {
      label: 'Reviews',
      cell: (a) =>
        a.reviews.length === 0 ? (
          <span className="text-base-content/75">No reviews yet</span>
        ) : (
          <ul className="space-y-2">
            {a.reviews.map((r) => (
              <li key={`${r.createdAt}-${r.author.id}`} className="text-xs">
                <Stars rating={r.rating} label={ratingLabel(r.rating)} size="xs" />
                {r.comment && <p className="mt-0.5 break-words">“{r.comment}”</p>}
                <p className="text-base-content/75">
                  {personName(r.author)}, {formatDate(r.createdAt)}
                </p>
              </li>
            ))}
          </ul>
        ),
    },
  ]
}

function Applicant({ a }: { a: CompareItem }) {
  const name = personName(a.applicant)
  return (
    <div className="flex items-center gap-2">
      <Avatar src={a.applicant.avatar} name={name} size="sm" />
      <div className="min-w-0 text-left">
        {a.applicant.deleted ? (
          <span className="font-semibold">{name}</span>
        ) : (
          <Link to={profilePath(a.applicant.id)} className="link link-hover font-semibold">
            <MemberName name={name} verified={a.applicant.isVerified} />
          </Link>
        )}
        <div>
          <StatusPill status={a.status} />
        </div>
      </div>
    </div>
  )
}

function Actions({ a, onAccept, onDecline, accepting }: { a: CompareItem } & Omit<CompareTableProps, 'questions' | 'applications'>) {
  const name = personName(a.applicant)
  if (a.status !== 'pending')
    return a.dealId ? (
      <Link to={dealPath(a.dealId)} className="link link-primary text-sm">
        Open the deal
      </Link>
    ) : null
  return (
    <div className="flex flex-wrap gap-2">
      <Button size="sm" loading={accepting === a.id} disabled={!!accepting} onClick={() => onAccept(a)} aria-label={`Accept ${name}`}>
        Accept
      </Button>
      <Button size="sm" variant="outline" disabled={!!accepting} onClick={() => onDecline(a)} aria-label={`Decline ${name}`}>
        Decline
      </Button>
    </div>
  )
}

/**
 * 2–4 shortlisted applications side by side: a table with one column an applicant on a tablet or a
 * computer; on a phone one card an applicant, swiped sideways (each card shows every row).
 */
export function CompareTable(props: CompareTableProps) {
  const { questions, applications } = props
  const list = rows(questions, applications)
  return (
    <>
      <p className="text-xs text-base-content/75 sm:hidden">Swipe sideways for each applicant.</p>
      <ul aria-label="Compared applications" className="-mx-4 flex snap-x snap-mandatory gap-3 overflow-x-auto px-4 pb-2 sm:hidden">
        {applications.map((a) => (
          <li
            key={a.id}
            data-testid="compare-card"
            className="w-[85%] shrink-0 snap-center rounded-box border border-base-300 bg-base-100 p-4 text-sm shadow-sm"
          >
            <Applicant a={a} />
            <dl className="mt-3 space-y-3">
              {list.map((r) => (
                <div key={r.label}>
                  <dt className="text-xs font-medium text-base-content/75">{r.label}</dt>
                  <dd className="mt-0.5 break-words">{r.cell(a)}</dd>
                </div>
              ))}
            </dl>
            <div className="mt-4">
              <Actions a={a} {...props} />
            </div>
          </li>
        ))}
      </ul>
      <TableScroller label="Compared applications table" className="hidden sm:block">
        <table className="table table-sm table-fixed align-top">
          <caption className="sr-only">Shortlisted applications side by side</caption>
          <thead>
            <tr>
              <td className="w-36" />
              {applications.map((a) => (
                <th key={a.id} scope="col" className="align-top text-base-content">
                  <Applicant a={a} />
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {list.map((r) => (
              <tr key={r.label} className="align-top">
                <th scope="row" className="text-xs font-medium text-base-content/75">
                  {r.label}
                </th>
                {applications.map((a) => (
                  <td key={a.id} className="break-words">
                    {r.cell(a)}
                  </td>
                ))}
              </tr>
            ))}
            <tr>
              <td />
              {applications.map((a) => (
                <td key={a.id}>
                  <Actions a={a} {...props} />
                </td>
              ))}
            </tr>
          </tbody>
        </table>
      </TableScroller>
    </>
  )
}

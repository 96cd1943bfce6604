import { useState } from 'react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/Button'
import { PersonLink } from '@/components/ui/MemberName'
import { formatDate } from '@/lib/dates'
import { formatUsd } from '@/lib/money'
import { personName } from '@/lib/member'
import { offerApplicationsPath } from '@/lib/paths'
import { applicationsTexts } from '../applications-texts'
import { useAccept } from '../use-accept'
import { useApplications } from '../api/list-applications'
import { useCommitments } from '../api/list-commitments'
import type { Application, Commitment } from '@/lib/api-types.gen'
import { industryLabel, useIndustries } from '@/features/app-config'
import { ConversationLink, DealLink } from './ApplicationLinks'
import { DeclineApplications } from './DeclineApplications'
import { ProfileSection } from './ProfileSection'
import { SentApplication } from './SentApplication'
import { StatusPill } from './StatusPill'

/** Own profile only: applications sent and received, and sponsorships given and received. */
export function ProfileConnections() {
  const sent = useApplications({ role: 'sent' })
  const received = useApplications({ role: 'received' })
  const given = useCommitments('given')
  const got = useCommitments('received')
  return (
    <>
      <ProfileSection
        id="my-applications"
        title="My applications"
        query={sent}
        count={sent.data?.length ?? 0}
        empty="You have not applied for any sponsorships yet."
      >
        {sent.data?.map((a) => (
          <SentApplication key={a.id} application={a} />
        ))}
      </ProfileSection>
      <ProfileSection
        id="received-applications"
        title="Applications to my sponsorships"
        query={received}
        count={received.data?.length ?? 0}
        empty="Nobody has applied for your sponsorships yet."
      >
        {received.data?.map((a) => (
          <ReceivedApplication key={a.id} application={a} />
        ))}
      </ProfileSection>
      <ProfileSection
        id="commitments"
        title="Sponsorships"
        query={{ isPending: given.isPending || got.isPending, isError: given.isError || got.isError }}
        count={(given.data?.length ?? 0) + (got.data?.length ?? 0)}
        empty="You have not sponsored a project or been sponsored yet."
      >
        {given.data?.map((c) => (
          <CommitmentRow key={c.id} commitment={c} given />
        ))}
        {got.data?.map((c) => (
          <CommitmentRow key={c.id} commitment={c} given={false} />
        ))}
      </ProfileSection>
    </>
  )
}

function ReceivedApplication({ application: a }: { application: Application }) {
  const { accept, pending } = useAccept()
  const [declining, setDeclining] = useState(false)
  return (
    <li className="space-y-2 py-3" data-testid="received-application">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="break-words">
            <PersonLink person={a.applicant} /> applied for <span className="font-medium">{a.sponsorship.title}</span>
          </p>
          <p className="text-sm text-base-content/75">{formatDate(a.createdAt)}</p>
        </div>
        <StatusPill status={a.status} />
      </div>
      {a.message && <p className="rounded-box bg-base-200 px-3 py-2 text-sm whitespace-pre-line break-words">{a.message}</p>}
      <div className="flex flex-wrap items-center gap-2">
        {a.status === 'pending' && (
          <>
            <Button size="sm" loading={pending} onClick={() => accept(a.id)}>
              Accept
            </Button>
            <Button size="sm" variant="outline" disabled={pending} onClick={() => setDeclining(true)}>
              Decline
            </Button>
          </>
        )}
        <Link to={offerApplicationsPath(a.sponsorship.id)} className="link link-primary text-sm">
          {applicationsTexts.reviewLink}
        </Link>
        <DealLink id={a.dealId} />
        <ConversationLink id={a.conversationId} />
      </div>
      {declining && (
        <DeclineApplications
          offerId={a.sponsorship.id}
          applications={[{ id: a.id, name: personName(a.applicant) }]}
          onClose={() => setDeclining(false)}
        />
      )}
    </li>
  )
}

function CommitmentRow({ commitment: c, given }: { commitment: Commitment; given: boolean }) {
  const industries = useIndustries()
  // The industry the sponsor pledged in (it stays with the pledge: docs/api/packages.md).
  const industry = c.industry
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-3" data-testid="commitment">
      <div className="min-w-0">
        <p className="font-medium break-words">{c.request.title}</p>
        <p className="text-sm text-base-content/75">
          {given ? 'Given to ' : 'Received from '}
          {given ? <PersonLink person={c.poster} /> : <PersonLink person={c.sponsor} />}
          {!given && industry && <span data-testid="pledge-industry"> ({industryLabel(industries, industry)})</span>} ·{' '}
          {formatUsd(c.amount)} · {formatDate(c.createdAt)}
        </p>
        {c.status === 'withdrawn' && (
          <p className="text-sm break-words text-base-content/75" data-testid="withdrawn-pledge">
            Withdrawn on {formatDate(c.withdrawnAt)}: {c.withdrawReason}
          </p>
        )}
      </div>
      <div className="flex items-center gap-3">
        {c.status === 'active' && <DealLink id={c.dealId} />}
        <ConversationLink id={c.conversationId} />
      </div>
    </li>
  )
}

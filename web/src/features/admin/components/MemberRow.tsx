import { useId, useState } from 'react'
import { Link } from 'react-router'
import { Avatar } from '@/components/ui/Avatar'
import { Badge } from '@/components/ui/Badge'
import { Button } from '@/components/ui/Button'
import { ChevronDownIcon } from '@/components/ui/icons'
import { MemberName } from '@/components/ui/MemberName'
import { useAppConfig } from '@/features/app-config'
import { avatarUrl } from '@/lib/member'
import { FALLBACK_PLANS, planName } from '@/lib/plans'
import { formatDate } from '@/lib/dates'
import { stateLabels } from '@/lib/subscription-status'
import { profilePath } from '@/lib/paths'
import { useVerifyMember, type VerifyMemberInput } from '../api/verify-member'
import { adminTexts } from '../texts'
import type { AdminMember } from '../types'
import { notifyError, notifySuccess } from './notify'
import { SocialVerificationList } from './SocialVerificationList'

function subscriptionText(m: AdminMember, plan: string): string {
  if (m.subscriptionActive) return `Active · ${plan} until ${formatDate(m.subscriptionExpiry)}`
  if (!m.subscriptionStatus) return 'No subscription'
  const state = (stateLabels as Record<string, string>)[m.subscriptionStatus] ?? m.subscriptionStatus
  return `${plan || 'Plan'} · ${state}${m.subscriptionExpiry ? ` (ended ${formatDate(m.subscriptionExpiry)})` : ''}`
}

export function MemberRow({ member }: { member: AdminMember }) {
  const [expanded, setExpanded] = useState(false)
  const socialId = useId()
  const verify = useVerifyMember()
  const name = member.displayName || member.username
  const social = member.socialMedia ?? []
  const plans = useAppConfig().data?.plans ?? FALLBACK_PLANS

  function run(input: VerifyMemberInput, success: string) {
    verify.mutate(input, { onSuccess: () => notifySuccess(success, name), onError: notifyError })
  }

  return (
    <article aria-label={name} data-testid="member-row" className="rounded-box border border-base-300 bg-base-100 p-4 shadow-sm">
      <div className="flex flex-wrap items-start gap-3">
        <Avatar src={avatarUrl(member)} name={name} />
        <div className="min-w-0 flex-1 space-y-1">
          <p className="flex flex-wrap items-center gap-2">
            <Link to={profilePath(member.id)} className="font-semibold hover:underline">
              <MemberName name={name} verified={member.isVerified} />
            </Link>
            {member.isAdmin && <Badge className="border-primary/40 bg-primary/10 text-primary">Administrator</Badge>}
          </p>
          <p className="text-sm break-all text-base-content/75">
            @{member.username}
            {member.email && <> · {member.email}</>}
          </p>
          <p className="text-sm text-base-content/80">
            <span className={member.subscriptionActive ? 'font-medium text-green-800' : ''}>
              {subscriptionText(member, member.subscriptionPlan ? planName(plans, member.subscriptionPlan) : '')}
            </span>
            <span className="text-base-content/75"> · Joined {formatDate(member.createdAt)}</span>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {social.length > 0 && (
            <Button variant="ghost" size="sm" aria-expanded={expanded} aria-controls={socialId} onClick={() => setExpanded(!expanded)}>
              Social links ({social.length})
              <ChevronDownIcon className={`size-4 transition-transform ${expanded ? 'rotate-180' : ''}`} />
            </Button>
          )}
          <Button
            size="sm"
            variant={member.isVerified ? 'outline' : 'primary'}
            loading={verify.isPending && verify.variables?.link === undefined}
            onClick={() =>
              run(
                { memberId: member.id, verified: !member.isVerified },
                member.isVerified ? adminTexts.memberUnverified : adminTexts.memberVerified,
              )
            }
          >
            {member.isVerified ? 'Unverify' : 'Verify'}
          </Button>
        </div>
      </div>
      {expanded && (
        <SocialVerificationList
          id={socialId}
          entries={social}
          pending={verify.isPending ? verify.variables?.link : undefined}
          onToggle={(link, verified) =>
            run({ memberId: member.id, link, verified }, verified ? adminTexts.socialVerified : adminTexts.socialUnverified)
          }
        />
      )}
    </article>
  )
}

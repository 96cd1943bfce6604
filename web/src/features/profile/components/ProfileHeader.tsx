import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Avatar } from '@/components/ui/Avatar'
import { buttonClass } from '@/components/ui/button-class'
import { SettingsIcon, UnverifiedIcon, VerifiedIcon } from '@/components/ui/icons'
import { avatarUrl } from '@/lib/member'
import type { PublicProfile } from '@/lib/api-types.gen'
import { formatMonthYear } from '@/lib/dates'
import { paths } from '@/lib/paths'
import { industryLabel, useIndustries } from '@/features/app-config'
import { ReliabilityPanel } from './ReliabilityPanel'
import { SocialLinks } from './SocialLinks'

export function ProfileHeader({ profile, isOwn, action }: { profile: PublicProfile; isOwn: boolean; action?: ReactNode }) {
  const industries = useIndustries()
  const industry = profile.industry
  return (
    <section className="card border border-base-300 bg-base-100 shadow-sm" aria-labelledby="profile-name">
      <div className="card-body gap-5 sm:flex-row sm:items-start">
        <Avatar src={avatarUrl(profile)} name={profile.displayName} size="xl" />
        <div className="min-w-0 flex-1 space-y-3">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="min-w-0">
              <h1 id="profile-name" className="text-2xl font-bold break-words">
                {profile.displayName || profile.username}
              </h1>
              <p className="text-base-content/75">@{profile.username}</p>
            </div>
            {isOwn && (
              <Link to={paths.settings} className={buttonClass({ variant: 'outline', size: 'sm' })}>
                <SettingsIcon className="size-4" /> Edit profile
              </Link>
            )}
            {action}
          </div>
          <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
            {profile.isVerified ? (
              <span className="inline-flex items-center gap-1 font-medium text-blue-700">
                <VerifiedIcon className="size-4" /> Verified member
              </span>
            ) : (
              <span className="inline-flex items-center gap-1 text-base-content/75">
                <UnverifiedIcon className="size-4" /> Not verified yet
              </span>
            )}
            {profile.createdAt && <span className="text-base-content/75">Member since {formatMonthYear(profile.createdAt)}</span>}
            {industry && <span data-testid="profile-industry">Industry: {industryLabel(industries, industry)}</span>}
          </p>
          <p className="text-xs text-base-content/70" data-testid="verified-explained">
            {profile.isVerified
              ? 'Verified: a SponsorBridge administrator has checked this member’s identity through their linked social accounts.'
              : isOwn
                ? 'Verified members have had their identity checked by an administrator. To get verified, add your social media links in Settings; an administrator reviews them and marks your profile verified.'
                : 'Verified members have had their identity checked by an administrator through their linked social accounts.'}
          </p>
          <p className="whitespace-pre-line text-base-content/85">
            {profile.bio || (isOwn ? 'You have not written a bio yet.' : 'This member has not written a bio yet.')}
          </p>
          <SocialLinks entries={profile.socialMedia ?? []} />
          <ReliabilityPanel reliability={profile.reliability} />
        </div>
      </div>
    </section>
  )
}

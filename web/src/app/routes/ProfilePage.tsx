import { Link, useSearchParams } from 'react-router'
import { buttonClass } from '@/components/ui/button-class'
import { PageSpinner } from '@/components/ui/Spinner'
import { useSession } from '@/features/auth/use-session'
import { ProfileConnections } from '@/features/sponsoring/components/ProfileConnections'
import { DealsSection } from '@/features/deals'
import { OwnListingMatches } from '@/features/matches/components/OwnListingMatches'
import { MessageButton } from '@/features/messages/components/MessageButton'
import { ApiError } from '@/lib/api'
import { paths } from '@/lib/paths'
import { useUserProfile } from '@/features/profile/api/get-user-profile'
import { ProfileHeader } from '@/features/profile/components/ProfileHeader'
import { ProfileReviews } from '@/features/profile/components/ProfileReviews'
import { ProfileListings } from '@/features/listings/components/ProfileListings'
import { SubscriptionSummary } from '@/features/profile/components/SubscriptionSummary'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useScrollToHash } from '@/lib/use-scroll-to-hash'
import { WithListingSlots } from '@/app/compose/ListingSlots'
import { KitLink, KitSection } from '@/features/kits/components/KitSection'
import { useNewestOwnListings } from '@/features/listings/api/newest-own'

/** How many of the member's newest listings show their matches on the profile. */
const MATCHED_LISTINGS = 4

function OwnMatches({ userId }: { userId: string }) {
  return <OwnListingMatches listings={useNewestOwnListings(userId, MATCHED_LISTINGS)} />
}

/** /profile is your own profile; /profile?userId={id} another member's. */
function ProfilePageContent() {
  const { user } = useSession()
  const [params] = useSearchParams()
  const requestedId = params.get('userId') ?? ''
  const isOwn = !requestedId || requestedId === user?.id
  const other = useUserProfile(requestedId, !isOwn)
  useDocumentTitle(isOwn ? 'My Profile' : (other.data?.displayName ?? 'Profile'))
  // /profile#my-applications (a conversation note's link) scrolls to that section once it is there
  useScrollToHash()

  if (!user) return null
  let content
  if (isOwn) {
    content = (
      <>
        <ProfileHeader profile={user} isOwn />
        <SubscriptionSummary user={user} />
        <KitSection username={user.username} />
        <ProfileListings userId={user.id} currentUserId={user.id} isOwn />
        <OwnMatches userId={user.id} />
        <DealsSection meId={user.id} />
        <ProfileReviews userId={user.id} isOwn canHide={user.isAdmin} />
        <ProfileConnections />
      </>
    )
  } else if (other.isPending) {
    content = <PageSpinner label="Loading profile" />
  } else if (other.isError) {
    const missing = other.error instanceof ApiError && other.error.status === 404
    content = (
      <div className="card border border-base-300 bg-base-100 p-10 text-center">
        <h1 className="text-xl font-semibold">{missing ? 'Member not found' : 'Error loading this profile. Please try again.'}</h1>
        {missing && <p className="mt-2 text-base-content/75">This member does not exist or has deleted their account.</p>}
        <Link to={paths.home} className={`${buttonClass({ variant: 'outline' })} mx-auto mt-4`}>
          Back to Home
        </Link>
      </div>
    )
  } else {
    content = (
      <>
        <ProfileHeader
          profile={other.data}
          isOwn={false}
          action={
            <div className="flex flex-wrap gap-2">
              <KitLink username={other.data.username} published={other.data.mediaKit} />
              <MessageButton userId={other.data.id} />
            </div>
          }
        />
        <ProfileListings key={other.data.id} userId={other.data.id} currentUserId={user.id} isOwn={false} />
        <ProfileReviews key={`reviews-${other.data.id}`} userId={other.data.id} isOwn={false} canHide={user.isAdmin} />
      </>
    )
  }
  return <div className="mx-auto w-full max-w-5xl space-y-6 px-4 py-6 sm:px-6">{content}</div>
}

export function ProfilePage() {
  return (
    <WithListingSlots>
      <ProfilePageContent />
    </WithListingSlots>
  )
}

import type { ReactNode } from 'react'
import { ListingSlotsContext, type ListingSlots } from '@/features/listings/slots'
import { MatchesSection } from '@/features/matches/components/MatchesSection'
import { EditListingButton } from '@/features/posting/components/EditListingButton'
import { ListingAction } from '@/features/sponsoring/components/ListingAction'
import { ListingTiers } from '@/features/sponsoring/components/ListingTiers'

const slots: ListingSlots = { Action: ListingAction, Tiers: ListingTiers, Edit: EditListingButton, Matches: MatchesSection }

/** Listing cards and detail views below this show sponsoring's actions and packages, posting's Edit and the matches. */
export function WithListingSlots({ children }: { children: ReactNode }) {
  return <ListingSlotsContext.Provider value={slots}>{children}</ListingSlotsContext.Provider>
}

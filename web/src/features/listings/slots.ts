import { createContext, useContext, type ComponentType } from 'react'
import type { ClosedReason, Listing, ListingKind } from '@/lib/listing'

/**
 * What other features add to a listing's card and detail views. The listings feature does not
 * import them: the app composes them (app/compose/ListingSlots.tsx), so imports go one way.
 */
export interface ListingSlots {
  /** Apply / Sponsor (or the poster's Close and Reopen); `detail` in the dialog and on the page. */
  Action: ComponentType<{ listing: Listing; currentUserId?: string; detail?: boolean }>
  /** A request's packages and the viewer's industry conflict; `detail` in the dialog and on the page. */
  Tiers: ComponentType<{ listing: Listing; currentUserId?: string; detail?: boolean }>
  /** The poster's Edit. */
  Edit: ComponentType<{ listing: Listing }>
  /** A listing's best matches. */
  Matches: ComponentType<{ kind: ListingKind; id: string; heading?: string; closedReason?: ClosedReason; own?: boolean }>
}

const nothing = () => null

export const ListingSlotsContext = createContext<ListingSlots>({ Action: nothing, Tiers: nothing, Edit: nothing, Matches: nothing })

export function useListingSlots(): ListingSlots {
  return useContext(ListingSlotsContext)
}

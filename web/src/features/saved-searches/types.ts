/** docs/api/matches-and-alerts.md, "Saved searches". */
export type SavedSearchKind = 'sponsorships' | 'requests'

export interface SavedQuery {
  q?: string
  categories?: string[]
  minAmount?: number
  maxAmount?: number
  location?: string
  verified?: boolean
}

export interface SavedSearch {
  id: string
  name: string
  kind: SavedSearchKind
  query: SavedQuery
  paused: boolean
  createdAt: string
  /** Opens the listing screen with the search applied. */
  path: string
}

export const MAX_SAVED_SEARCHES = 20

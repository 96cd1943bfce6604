import { limits } from '@/lib/limits.gen'

/** The most saved searches a member keeps (docs/api/matches-and-alerts.md). */
export const MAX_SAVED_SEARCHES = limits.savedSearches

/**
 * The first parts of every query key, one entry per server resource: the one place a key prefix is
 * written. A feature's `queryOptions` factories (features/<name>/api/) build their keys from its
 * entries; a mutation refreshes what it changed, in its own feature or another's, by invalidating an
 * entry here (TanStack Query matches keys by prefix). ESLint refuses a key written anywhere else.
 */
export const queryKeys = {
  admin: ['admin'],
  appConfig: ['app-config'],
  applications: ['applications'],
  commitments: ['commitments'],
  conversations: ['conversations'],
  currentUser: ['user', 'current'],
  deals: ['deals'],
  emailPreferences: ['email-preferences'],
  kits: ['kits'],
  listingPreview: ['listing-preview'],
  matches: ['matches'],
  messages: ['messages'],
  notifications: ['notifications'],
  payments: ['payments'],
  savedSearches: ['saved-searches'],
  sharedReports: ['shared-reports'],
  sponsorships: ['sponsorships'],
  sponsorshipRequests: ['sponsorship-requests'],
  unread: ['unread'],
  users: ['users'],
} as const

/** Everything about one member: their profile and their reviews. */
export const memberKey = (userId: string) => [...queryKeys.users, userId] as const

/** Prefix of every admin query: invalidating it refreshes the whole dashboard. */
export const adminKey = ['admin'] as const

/** How members are named and pictured, in every feature. */
import type { Person, PublicProfile } from './api-types.gen'

export function avatarUrl(user: Pick<PublicProfile, 'avatar' | 'photoURL'> | null | undefined): string | undefined {
  return user?.avatar || user?.photoURL || undefined
}

export function personName(p: Person | null | undefined): string {
  if (!p || p.deleted) return 'Deleted member'
  return p.displayName || p.username
}

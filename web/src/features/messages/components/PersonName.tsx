import { MemberName } from '@/components/ui/MemberName'
import { personName } from '@/lib/member'
import type { Person } from '@/lib/api-types.gen'

/** A member's name with the verified icon (none for a deleted member). */
export function PersonName({ person, className = '' }: { person: Person; className?: string }) {
  if (person.deleted) return <span className={`min-w-0 truncate ${className}`}>{personName(person)}</span>
  return <MemberName name={personName(person)} verified={person.isVerified} className={`min-w-0 ${className}`} />
}

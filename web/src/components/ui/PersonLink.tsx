import { Link } from 'react-router'
import type { Person } from '@/lib/api-types.gen'
import { personName } from '@/lib/member'
import { profilePath } from '@/lib/paths'

/** A member's name linking to their profile; a deleted member's name alone. */
export function PersonLink({ person }: { person: Person }) {
  if (person.deleted || !person.id) return <span>{personName(person)}</span>
  return (
    <Link to={profilePath(person.id)} className="link link-hover font-medium">
      {personName(person)}
    </Link>
  )
}

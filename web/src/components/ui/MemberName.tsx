import { Link } from 'react-router'
import type { Person } from '@/lib/api-types.gen'
import { personName } from '@/lib/member'
import { profilePath } from '@/lib/paths'
import { UnverifiedIcon, VerifiedIcon } from './icons'

interface MemberNameProps {
  name: string
  verified: boolean
  className?: string
  /** Inside ARIA widgets that allow no img children (menus): the label becomes hidden text. */
  textLabel?: boolean
}

/**
 * A member's name with the trust badge (`isVerified`, never the e-mail check): a blue check for
 * verified members, the grey icon otherwise.
 */
export function MemberName({ name, verified, className = '', textLabel = false }: MemberNameProps) {
  return (
    <span className={`inline-flex max-w-full items-center gap-1 ${className}`}>
      <span className="truncate">{name}</span>
      <VerifiedMark verified={verified} textLabel={textLabel} />
    </span>
  )
}

function VerifiedMark({ verified, textLabel = false }: { verified: boolean; textLabel?: boolean }) {
  const label = verified ? 'Verified member' : 'Unverified member'
  const Icon = verified ? VerifiedIcon : UnverifiedIcon
  const className = `size-4 shrink-0 ${verified ? 'text-blue-600' : 'text-base-content/60'}`
  if (textLabel) {
    return (
      <>
        <Icon className={className} />
        <span className="sr-only">({label})</span>
      </>
    )
  }
  return <Icon className={className} role="img" aria-hidden="false" aria-label={label} />
}

/**
 * A member's name linking to their profile; a deleted member's name alone. (Here, beside the name
 * every screen shows, so that the pages using it share no extra chunk.)
 */
export function PersonLink({ person }: { person: Person }) {
  if (person.deleted || !person.id) return <span>{personName(person)}</span>
  return (
    <Link to={profilePath(person.id)} className="link link-hover font-medium">
      {personName(person)}
    </Link>
  )
}

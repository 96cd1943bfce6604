import { UnverifiedIcon, VerifiedIcon } from './icons'

/**
 * A member's name with the trust badge (`isVerified`, never the e-mail check): a blue check for
 * verified members, the grey icon otherwise.
 */
export function MemberName({ name, verified, className = '' }: { name: string; verified: boolean; className?: string }) {
  return (
    <span className={`inline-flex max-w-full items-center gap-1 ${className}`}>
      <span className="truncate">{name}</span>
      <VerifiedMark verified={verified} />
    </span>
  )
}

export function VerifiedMark({ verified }: { verified: boolean }) {
  return verified ? (
    <VerifiedIcon className="size-4 shrink-0 text-blue-600" role="img" aria-hidden="false" aria-label="Verified member" />
  ) : (
    <UnverifiedIcon className="size-4 shrink-0 text-base-content/60" role="img" aria-hidden="false" aria-label="Unverified member" />
  )
}

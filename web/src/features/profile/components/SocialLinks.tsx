import { UnverifiedIcon, VerifiedIcon } from '@/components/ui/icons'
import type { SocialMediaEntry } from '@/lib/api-types.gen'
import { platformLabel, socialProfileUrl } from '@/lib/social'

export function SocialLinks({ entries }: { entries: SocialMediaEntry[] }) {
  if (!entries.length) return null
  return (
    <div>
      <h2 className="text-sm font-semibold">Social links</h2>
      <ul className="mt-2 flex flex-wrap gap-2">
        {entries.map((entry) => {
          const url = socialProfileUrl(entry.platform, entry.username)
          const label =
            entry.platform === 'website'
              ? entry.username.replace(/^https?:\/\//, '')
              : `${platformLabel(entry.platform)}: @${entry.username.replace(/^@/, '')}`
          return (
            <li key={`${entry.platform}:${entry.username}`} className="badge badge-lg gap-1.5 border-base-300 bg-base-200 font-normal">
              {url ? (
                <a href={url} target="_blank" rel="noopener noreferrer" className="hover:underline">
                  {label}
                </a>
              ) : (
                <span>{label}</span>
              )}
              {entry.verified ? (
                <VerifiedIcon className="size-4 text-success" role="img" aria-hidden="false" aria-label="Verified link" />
              ) : (
                <UnverifiedIcon className="size-4 text-base-content/60" role="img" aria-hidden="false" aria-label="Unverified link" />
              )}
            </li>
          )
        })}
      </ul>
    </div>
  )
}

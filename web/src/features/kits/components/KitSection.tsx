import { lazy, Suspense, useState } from 'react'
import { Link, useLocation } from 'react-router'
import { Button } from '@/components/ui/Button'
import { buttonClass } from '@/components/ui/button-class'
import { ExternalLinkIcon } from '@/components/ui/icons'
import { Spinner } from '@/components/ui/Spinner'
import { kitPath } from '@/lib/paths'

const KitEditor = lazy(() => import('./KitEditor').then((m) => ({ default: m.KitEditor })))

/** The hash that opens the editor at once (/profile#media-kit). */
const MEDIA_KIT_ID = 'media-kit'

/**
 * Own profile: the media kit card. The editor (and its form libraries) loads when the member opens it,
 * or at once from /profile#media-kit.
 */
export function KitSection({ username }: { username: string }) {
  const { hash } = useLocation()
  const [open, setOpen] = useState(hash === `#${MEDIA_KIT_ID}`)
  return (
    <section id={MEDIA_KIT_ID} aria-labelledby="media-kit-title" className="card scroll-mt-20 border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id="media-kit-title" className="text-lg font-semibold">
              Media kit
            </h2>
            <p className="mt-1 text-sm text-base-content/75">
              Show sponsors whom you reach: your audience, its segments, your channels and past events, each marked self-reported, evidenced
              or measured, beside what SponsorBridge measured from your completed deals.
            </p>
          </div>
          {!open && (
            <Button variant="outline" size="sm" aria-expanded={false} onClick={() => setOpen(true)}>
              Edit media kit
            </Button>
          )}
        </div>
        {open && (
          <Suspense fallback={<Spinner label="Loading your media kit" className="mx-auto block" />}>
            <KitEditor username={username} />
          </Suspense>
        )}
      </div>
    </section>
  )
}

/** Another member's profile: a link to their media kit, when they published one (nothing otherwise). */
export function KitLink({ username, published }: { username: string; published: boolean }) {
  if (!published) return null
  return (
    <Link to={kitPath(username)} className={buttonClass({ variant: 'outline', size: 'sm' })}>
      <ExternalLinkIcon className="size-4" /> Media kit
    </Link>
  )
}

import { Link, useLocation } from 'react-router'
import { buttonClass } from '@/components/ui/button-class'
import { BrandMark } from '@/components/ui/icons'
import { useSession } from '@/features/auth/use-session'
import { NotificationBell } from '@/features/messages/components/NotificationBell'
import { paths } from '@/lib/paths'
import { AvatarMenu } from './AvatarMenu'

export function Header() {
  const { status, user } = useSession()
  const { pathname } = useLocation()
  return (
    <header data-print="hide" className="sticky top-0 z-30 h-16 border-b border-base-300 bg-base-100/95 backdrop-blur">
      <div className="flex h-full items-center justify-between gap-4 px-4 sm:px-6">
        <Link to={user ? paths.home : paths.landing} className="flex items-center gap-2 rounded-field text-lg font-bold tracking-tight">
          <BrandMark className="size-8 text-primary" />
          <span>
            Sponsor<span className="text-primary">Bridge</span>
          </span>
        </Link>
        {user ? (
          <div className="flex items-center gap-1">
            <NotificationBell />
            <AvatarMenu user={user} />
          </div>
        ) : status === 'anonymous' && pathname !== paths.auth ? (
          <Link to={paths.auth} className={buttonClass({ size: 'sm' })}>
            Login / Register
          </Link>
        ) : null}
      </div>
    </header>
  )
}

import { Link, NavLink, useLocation } from 'react-router'
import { HomeIcon, MessageIcon, PlusIcon, ShieldIcon, UserIcon } from '@/components/ui/icons'
import { useSession } from '@/features/auth/use-session'
import { LazyAdminNavBadge } from './LazyAdminNavBadge'
import { MessagesNavBadge } from '@/features/messages/components/MessagesNavBadge'
import { createPathFrom, isOthersProfile, paths } from '@/lib/paths'

const itemClass = ({ isActive }: { isActive: boolean }) =>
  `flex flex-1 flex-col items-center justify-center gap-0.5 text-xs font-medium ${isActive ? 'text-primary' : 'text-base-content/80'}`

/** Mobile bottom bar: Home, Messages, Create, Profile, and Admin for administrators. */
export function BottomBar() {
  const { user } = useSession()
  const location = useLocation()
  if (!user) return null
  const othersProfile = isOthersProfile(location.pathname, location.search, user.id)
  return (
    <nav
      data-print="hide"
      aria-label="Mobile"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-base-300 bg-base-100 pb-[env(safe-area-inset-bottom)] md:hidden"
    >
      <div className="flex h-16 items-stretch">
        <NavLink to={paths.home} className={itemClass} end>
          <HomeIcon className="size-6" />
          Home
        </NavLink>
        <NavLink to={paths.messages} className={itemClass}>
          <span className="relative">
            <MessageIcon className="size-6" />
            <MessagesNavBadge className="absolute -top-1.5 -right-3" />
          </span>
          Messages
        </NavLink>
        <div className="flex flex-1 items-center justify-center">
          <Link
            to={createPathFrom(location.pathname, location.search)}
            className="btn btn-circle btn-primary -mt-6 size-14 shadow-lg ring-4 ring-base-100"
            aria-label="Create"
          >
            <PlusIcon className="size-7" />
          </Link>
        </div>
        <NavLink
          to={paths.profile}
          className={({ isActive }) => itemClass({ isActive: isActive && !othersProfile })}
          aria-current={othersProfile ? false : 'page'}
        >
          <UserIcon className="size-6" />
          Profile
        </NavLink>
        {user.isAdmin && (
          <NavLink to={paths.admin} className={itemClass}>
            <span className="relative">
              <ShieldIcon className="size-6" />
              <LazyAdminNavBadge className="absolute -top-1.5 -right-3" />
            </span>
            Admin
          </NavLink>
        )}
      </div>
    </nav>
  )
}

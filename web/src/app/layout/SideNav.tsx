import { useState, type ComponentType, type ReactNode, type SVGProps } from 'react'
import { NavLink, useLocation } from 'react-router'
import { BarChartIcon, ChevronDownIcon, FileTextIcon, HomeIcon, LogInIcon, MessageIcon, ShieldIcon, UserIcon } from '@/components/ui/icons'
import { useSession } from '@/features/auth/use-session'
import { LazyAdminNavBadge } from './LazyAdminNavBadge'
import { MessagesNavBadge } from '@/features/messages/components/MessagesNavBadge'
import { infoLinks, isOthersProfile, isPolicyPath, paths, policyLinks } from '@/lib/paths'

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `flex items-center gap-3 rounded-field px-3 py-2 text-sm font-medium transition ${
    isActive ? 'bg-primary text-primary-content' : 'text-base-content/85 hover:bg-base-200'
  }`

function Item({
  to,
  label,
  icon: Icon,
  end,
  badge,
  notCurrent = false,
}: {
  to: string
  label: string
  icon: ComponentType<SVGProps<SVGSVGElement>>
  end?: boolean
  badge?: ReactNode
  /** The path matches but the page is not this item's (another member's profile is not "My Profile"). */
  notCurrent?: boolean
}) {
  return (
    <li>
      <NavLink
        to={to}
        end={end}
        className={({ isActive }) => linkClass({ isActive: isActive && !notCurrent })}
        aria-current={notCurrent ? false : 'page'}
      >
        <Icon className="size-5" />
        <span className="flex-1">{label}</span>
        {badge}
      </NavLink>
    </li>
  )
}

/** Desktop side navigation, 64 units wide on medium screens and up. */
export function SideNav() {
  const { user, status } = useSession()
  const { pathname, search } = useLocation()
  const [policiesOpen, setPoliciesOpen] = useState(() => isPolicyPath(pathname))

  return (
    <nav
      data-print="hide"
      aria-label="Main"
      className="fixed top-16 bottom-0 left-0 hidden w-64 overflow-y-auto border-r border-base-300 bg-base-100 p-4 md:block"
    >
      <ul className="space-y-1">
        <Item to={paths.home} label="Home" icon={HomeIcon} />
        <Item to={paths.profile} label="My Profile" icon={UserIcon} notCurrent={isOthersProfile(pathname, search, user?.id)} />
        {user && <Item to={paths.sponsorships} label="Sponsorships" icon={BarChartIcon} end />}
        <Item to={paths.messages} label="Messages" icon={MessageIcon} badge={user && <MessagesNavBadge />} />
        {user?.isAdmin && <Item to={paths.admin} label="Admin Dashboard" icon={ShieldIcon} badge={<LazyAdminNavBadge />} />}
        <li>
          <button
            type="button"
            className="flex w-full items-center gap-3 rounded-field px-3 py-2 text-sm font-medium text-base-content/85 hover:bg-base-200"
            aria-expanded={policiesOpen}
            aria-controls="sidenav-policies"
            onClick={() => setPoliciesOpen((o) => !o)}
          >
            <FileTextIcon className="size-5" />
            <span className="flex-1 text-left">Policies</span>
            <ChevronDownIcon className={`size-4 transition-transform ${policiesOpen ? 'rotate-180' : ''}`} />
          </button>
          <ul id="sidenav-policies" hidden={!policiesOpen} className="mt-1 ml-5 space-y-1 border-l border-base-300 pl-3">
            {[...policyLinks, ...infoLinks].map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className={linkClass}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </li>
        {status === 'anonymous' && <Item to={paths.auth} label="Login / Register" icon={LogInIcon} />}
      </ul>
    </nav>
  )
}

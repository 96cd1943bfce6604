import { useLocation } from 'react-router'
import { useSession } from '@/features/auth/use-session'
import { useDealChanged } from '@/features/deals/api/deal-query'
import { useInboxRealtime } from '@/features/messages/use-inbox-realtime'
import { EmailPrompt } from '@/features/settings/components/EmailPrompt'
import { paths } from '@/lib/paths'
import { BottomBar } from './BottomBar'
import { useSessionEndedElsewhere } from './use-session-ended'
import { Footer } from './Footer'
import { Header } from './Header'
import { PageOutlet } from './PageOutlet'
import { SideNav } from './SideNav'
import { SkipLink } from './SkipLink'

/** Header, desktop side navigation, the page, and the mobile bottom bar. */
export function AppShell() {
  const { user } = useSession()
  const { pathname } = useLocation()
  useInboxRealtime(user?.id, useSessionEndedElsewhere(), useDealChanged())
  return (
    <div data-print="flat" className="min-h-dvh bg-base-200">
      <SkipLink />
      <Header />
      <SideNav />
      <div data-print="flat" className="flex min-h-[calc(100dvh-4rem)] flex-col pb-20 md:pb-0 md:pl-64">
        <main id="main" tabIndex={-1} className="flex-1 outline-none">
          {/* for a member e-mail cannot reach; Settings has the e-mail card itself */}
          {user && pathname !== paths.settings && <EmailPrompt key={user.id} user={user} />}
          <PageOutlet />
        </main>
        <Footer />
      </div>
      <BottomBar />
    </div>
  )
}

/** Header and page only: the sign-in screen and the Google callback. */
export function BareShell() {
  return (
    <div className="min-h-dvh bg-base-200">
      <SkipLink />
      <Header />
      <main id="main" tabIndex={-1} className="outline-none">
        <PageOutlet />
      </main>
    </div>
  )
}

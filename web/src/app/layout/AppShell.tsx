import { Outlet } from 'react-router'
import { BottomBar } from './BottomBar'
import { Header } from './Header'
import { SideNav } from './SideNav'
import { SkipLink } from './SkipLink'

/** Header, desktop side navigation, the page, and the mobile bottom bar. */
export function AppShell() {
  return (
    <div className="min-h-dvh bg-base-200">
      <SkipLink />
      <Header />
      <SideNav />
      <main id="main" tabIndex={-1} className="pb-24 outline-none md:pb-8 md:pl-64">
        <Outlet />
      </main>
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
        <Outlet />
      </main>
    </div>
  )
}

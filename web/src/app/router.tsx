import { lazy, Suspense } from 'react'
import { BrowserRouter, Route, Routes, useLocation } from 'react-router'
import { PageSpinner } from '@/components/ui/Spinner'
import { NotFoundPage } from '@/features/errors/routes/NotFoundPage'
import { RouteErrorBoundary } from '@/features/errors/routes/RouteError'
import { paths } from '@/lib/paths'
import { Landing } from './guards/Landing'
import { RequireAdmin } from './guards/RequireAdmin'
import { RequireAuth } from './guards/RequireAuth'
import { AppShell, BareShell } from './layout/AppShell'
import { ScrollReset } from './layout/ScrollReset'
import { load } from './pages'

// Every page is a module loaded on demand (its own chunk, ./pages.ts). The router is
// react-router's declarative one: its data router (loaders, actions, fetchers) is not used here
// and would add about 15 kB (brotli) to the first screen (docs/web/bundle-size.md).
const AuthPage = lazy(load.auth)
const GoogleCallbackPage = lazy(load.googleCallback)
const HomePage = lazy(load.home)
const ListingPage = lazy(load.listing)
const ProfilePage = lazy(load.profile)
const SettingsPage = lazy(load.settings)
const MessagesPage = lazy(load.messages)
const SubscriptionPage = lazy(load.subscription)
const ReceiptPage = lazy(load.receipt)
const AdminPage = lazy(load.admin)
const InfoPage = lazy(load.info)
const DealPage = lazy(load.deal)
const ReportPage = lazy(load.report)
const SharedReportPage = lazy(load.sharedReport)
const SponsorshipsPage = lazy(load.sponsorships)
const OfferApplicationsPage = lazy(load.offerApplications)
const KitPage = lazy(load.kit)

const infoPaths = [
  paths.privacyPolicy,
  paths.termsConditions,
  paths.refundPolicy,
  paths.pricingPolicy,
  paths.shippingPolicy,
  paths.aboutUs,
  paths.contactUs,
]

function AppRoutes() {
  const { pathname } = useLocation()
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <Suspense fallback={<PageSpinner />}>
        <Routes>
          <Route path={paths.landing} element={<Landing />} />
          <Route element={<BareShell />}>
            <Route path={paths.auth} element={<AuthPage />} />
            <Route path={paths.googleCallback} element={<GoogleCallbackPage />} />
          </Route>
          <Route element={<AppShell />}>
            <Route element={<RequireAuth />}>
              <Route path={paths.home} element={<HomePage />} />
              <Route path={paths.listing} element={<ListingPage />} />
              <Route path={paths.profile} element={<ProfilePage />} />
              <Route path={paths.settings} element={<SettingsPage />} />
              <Route path={paths.messages} element={<MessagesPage />} />
              <Route path={paths.subscription} element={<SubscriptionPage />} />
              <Route path={paths.receipt} element={<ReceiptPage />} />
              <Route path={paths.deal} element={<DealPage />} />
              <Route path={paths.report} element={<ReportPage />} />
              <Route path={paths.sponsorships} element={<SponsorshipsPage />} />
              <Route path={paths.offerApplications} element={<OfferApplicationsPage />} />
              <Route element={<RequireAdmin />}>
                <Route path={paths.admin} element={<AdminPage />} />
              </Route>
            </Route>
            <Route path={paths.sharedReport} element={<SharedReportPage />} />
            {/* a published media kit is read signed out too */}
            <Route path={paths.kit} element={<KitPage />} />
            {infoPaths.map((path) => (
              <Route key={path} path={path} element={<InfoPage />} />
            ))}
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Routes>
      </Suspense>
    </RouteErrorBoundary>
  )
}

/** The app's routes in the browser's history. */
export function AppRouter() {
  return (
    <BrowserRouter>
      <ScrollReset />
      <AppRoutes />
    </BrowserRouter>
  )
}

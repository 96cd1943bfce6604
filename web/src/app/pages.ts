import { matchPath } from 'react-router'
import { paths } from '@/lib/paths'

/** The page modules, each its own chunk: what the router's lazy routes load. */
export const load = {
  auth: () => import('@/app/routes/AuthRoute').then((m) => ({ default: m.AuthRoute })),
  googleCallback: () => import('@/features/auth/routes/GoogleCallbackPage').then((m) => ({ default: m.GoogleCallbackPage })),
  home: () => import('@/app/routes/HomePage').then((m) => ({ default: m.HomePage })),
  listing: () => import('@/app/routes/ListingPage').then((m) => ({ default: m.ListingPage })),
  profile: () => import('@/app/routes/ProfilePage').then((m) => ({ default: m.ProfilePage })),
  settings: () => import('@/app/routes/SettingsPage').then((m) => ({ default: m.SettingsPage })),
  messages: () => import('@/features/messages/routes/MessagesPage').then((m) => ({ default: m.MessagesPage })),
  subscription: () => import('@/features/subscription/routes/SubscriptionPage').then((m) => ({ default: m.SubscriptionPage })),
  receipt: () => import('@/features/subscription/routes/ReceiptPage').then((m) => ({ default: m.ReceiptPage })),
  admin: () => import('@/app/routes/AdminPage').then((m) => ({ default: m.AdminPage })),
  info: () => import('@/features/info/routes/InfoPage').then((m) => ({ default: m.InfoPage })),
  deal: () => import('@/features/deals/routes/DealPage').then((m) => ({ default: m.DealPage })),
  report: () => import('@/features/deals/routes/ReportPage').then((m) => ({ default: m.ReportPage })),
  sharedReport: () => import('@/features/deals/routes/SharedReportPage').then((m) => ({ default: m.SharedReportPage })),
  sponsorships: () => import('@/app/routes/SponsorshipsPage').then((m) => ({ default: m.SponsorshipsPage })),
  offerApplications: () => import('@/app/routes/OfferApplicationsPage').then((m) => ({ default: m.OfferApplicationsPage })),
  kit: () => import('@/features/kits/routes/KitPage').then((m) => ({ default: m.KitPage })),
}

const pageOf: [string, () => Promise<unknown>][] = [
  [paths.auth, load.auth],
  [paths.home, load.home],
  [paths.listing, load.listing],
  [paths.profile, load.profile],
  [paths.settings, load.settings],
  [paths.messages, load.messages],
  [paths.subscription, load.subscription],
  [paths.receipt, load.receipt],
  [paths.admin, load.admin],
  [paths.deal, load.deal],
  [paths.report, load.report],
  [paths.sponsorships, load.sponsorships],
  [paths.offerApplications, load.offerApplications],
  [paths.kit, load.kit],
]

/**
 * Starts loading the module of the page at pathname while the session is checked, instead of
 * after (one round trip less before a member's first screen; its lazy component then finds it
 * loaded). A visitor sent on to /auth has fetched the page's chunk for nothing.
 */
export function preloadPage(pathname: string): void {
  const found = pageOf.find(([pattern]) => matchPath(pattern, pathname))
  if (found) void found[1]().catch(() => undefined) // the route's own load reports failures
}

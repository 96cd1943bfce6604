import { listingKinds, listingScreenKeys, type ListingKind } from './api-types.gen'

/** Every client route, in one place. */
export const paths = {
  landing: '/',
  auth: '/auth',
  home: '/home',
  profile: '/profile',
  settings: '/settings',
  messages: '/messages',
  admin: '/admin',
  subscription: '/subscription',
  receipt: '/subscription/receipts/:id',
  privacyPolicy: '/policies/privacy-policy',
  termsConditions: '/policies/terms-conditions',
  refundPolicy: '/policies/refund-policy',
  pricingPolicy: '/policies/pricing-policy',
  shippingPolicy: '/policies/shipping-policy',
  aboutUs: '/about-us',
  contactUs: '/contact-us',
  googleCallback: '/__/auth/handler',
  listing: '/listings/:kind/:id',
  deal: '/deals/:id',
  report: '/deals/:id/report',
  sharedReport: '/r/:token',
  /** The member's overview: deals given and received, in charts and tables. */
  sponsorships: '/sponsorships',
  offerApplications: '/sponsorships/:id/applications',
  kit: '/kits/:username',
} as const

export const policyLinks = [
  { to: paths.privacyPolicy, label: 'Privacy Policy' },
  { to: paths.termsConditions, label: 'Terms & Conditions' },
  { to: paths.refundPolicy, label: 'Refund Policy' },
  { to: paths.pricingPolicy, label: 'Pricing Policy' },
  { to: paths.shippingPolicy, label: 'Shipping Policy' },
] as const

export const infoLinks = [
  { to: paths.aboutUs, label: 'About Us' },
  { to: paths.contactUs, label: 'Contact Us' },
] as const

export function profilePath(userId?: string): string {
  return userId ? `${paths.profile}?userId=${encodeURIComponent(userId)}` : paths.profile
}

/** Another member's profile (/profile?userId={someone else}): "My Profile" is not the current page there. */
export function isOthersProfile(pathname: string, search: string, ownId: string | undefined): boolean {
  if (pathname !== paths.profile) return false
  const userId = new URLSearchParams(search).get('userId')
  return !!userId && userId !== ownId
}

/** Settings' e-mail card: where every "add an e-mail address" link goes. */
export const settingsEmailPath = `${paths.settings}#settings-email`

/** Settings' "Your events" card: what offers' criteria read (docs/api/eligibility.md). */
export const settingsEventsPath = `${paths.settings}#settings-events`

/** The listing screen on one tab, no filters (a listing page's way back to its list). */
export function listingScreenPath(tab: ListingKind): string {
  return tab === 'requests' ? `${paths.home}?${listingScreenKeys.tab}=${listingKinds.requests.segment}` : paths.home
}

/** Home with the posting dialog asked for (the mobile Create action works from any page). */
const createListingPath = `${paths.home}?create=1`

/** On the listing screen "+" keeps its tab and filters (the form's type follows the tab); elsewhere it opens home's form. */
export function createPathFrom(pathname: string, search: string): string {
  if (pathname !== paths.home) return createListingPath
  const params = new URLSearchParams(search)
  params.set('create', '1')
  return `${paths.home}?${params.toString()}`
}

export function isPolicyPath(pathname: string): boolean {
  return pathname.startsWith('/policies/') || pathname === paths.aboutUs || pathname === paths.contactUs
}

/** The printable receipt of a paid payment (its record id). */
export function receiptPath(paymentId: string): string {
  return `/subscription/receipts/${encodeURIComponent(paymentId)}`
}

/** /messages?c={id} opens a conversation directly. */
export function conversationPath(conversationId: string): string {
  return `${paths.messages}?c=${encodeURIComponent(conversationId)}`
}

/** A listing's own page: what notifications, e-mails, matches and alerts link to. */
export function listingPath(kind: ListingKind, id: string): string {
  return `/listings/${listingKinds[kind].segment}/${encodeURIComponent(id)}`
}

/**
 * Where to go after signing in: the in-app path a protected page sent the visitor from, else
 * home. Only same-site paths ("/x", never "//host" or a URL) are followed.
 */
export function returnPath(from: unknown): string {
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return paths.home
  if (from === paths.auth || from.startsWith(paths.auth + '?') || from === paths.landing) return paths.home
  return from
}

/** A deal's own page: what notifications, profiles and conversations link to. */
export function dealPath(dealId: string): string {
  return `/deals/${encodeURIComponent(dealId)}`
}

/** A completed deal's impact report; with `edit`, its editor open (the recipient's "Write the impact report"). */
export function reportPath(dealId: string, edit = false): string {
  return `/deals/${encodeURIComponent(dealId)}/report${edit ? '?edit=1' : ''}`
}

/** The poster's applications view of an offer; with `compare`, those applications side by side. */
export function offerApplicationsPath(offerId: string, compare?: readonly string[]): string {
  const path = `/sponsorships/${encodeURIComponent(offerId)}/applications`
  return compare?.length ? `${path}?compare=${compare.map(encodeURIComponent).join(',')}` : path
}

/** A member's public media kit (docs/api/proof-of-value.md, "Media kits"): readable signed out once published. */
export function kitPath(username: string): string {
  return `/kits/${encodeURIComponent(username)}`
}

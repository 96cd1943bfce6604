/** Answers of docs/api-7.md (administration). */
import type { SocialMediaEntry } from '@/features/auth/types'
import type { Sponsorship, SponsorshipRequest } from '@/features/listings/types'

export interface PagedList<T> {
  page: number
  perPage: number
  totalItems: number
  totalPages: number
  items: T[]
}

/** Listing kinds as the admin routes name them. */
export type AdminListingKind = 'sponsorships' | 'sponsorship-requests'

export interface MemberRef {
  id: string
  username: string
  displayName: string
  isVerified: boolean
}

export interface Overview {
  pendingReview: number
  reported: number
  members: number
  verified: number
  administrators: number
  activeSubscriptions: number
  openContactMessages: number
  dashboardUrl: string
}

export interface ReportReason {
  id: string
  reason: string
  createdAt: string
  reporter: MemberRef | null
}

export type ModerationItem =
  | { kind: 'sponsorships'; listing: Sponsorship; reports: { count: number; reasons: ReportReason[] } }
  | { kind: 'sponsorship-requests'; listing: SponsorshipRequest; reports: { count: number; reasons: ReportReason[] } }

export interface AdminMember {
  id: string
  username: string
  displayName: string
  avatar: string
  photoURL: string
  isVerified: boolean
  socialMedia: SocialMediaEntry[] | null
  bio: string
  createdAt: string
  email: string
  emailVerified: boolean
  isAdmin: boolean
  subscriptionPlan: string
  subscriptionStatus: string
  subscriptionExpiry: string
  subscriptionActive: boolean
}

export interface ActiveSubscription {
  member: MemberRef
  email: string
  plan: string
  planName: string
  expiry: string
}

export interface Payment {
  id: string
  orderId: string
  member: MemberRef | null
  plan: string
  /** Minor units (paise for INR). */
  amount: number
  currency: string
  status: string
  provider: string
  createdAt: string
}

export interface SubscriptionsOverview {
  active: PagedList<ActiveSubscription>
  plans: { plan: string; name: string; price: number; active: number }[]
  totals: { active: number; lapsed: number; activePlanValue: number }
  payments: {
    available: boolean
    count: number
    paid: number
    totals: { currency: string; amount: number; count: number }[]
    recent: Payment[]
  }
}

export type ContactStatus = 'open' | 'resolved' | 'all'

export interface ContactMessage {
  id: string
  name: string
  email: string
  subject: string
  message: string
  memberId: string
  resolved: boolean
  resolvedBy: string
  resolvedAt: string
  createdAt: string
}

export interface AuditEntry {
  id: string
  actorId: string
  actorName: string
  action: string
  targetKind: string
  targetId: string
  details: string
  createdAt: string
}

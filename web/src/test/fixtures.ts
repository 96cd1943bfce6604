import type { AppConfig } from '@/features/app-config/api/get-app-config'
import { listHeaders, type CurrentUser, type Deal, type Person, type Review, type ReviewItem } from '@/lib/api-types.gen'
import type { Sponsorship, SponsorshipRequest } from '@/lib/listing'
import { FALLBACK_PLANS } from '@/lib/plans'
import { json } from './fetch-mock'

export const appConfig: AppConfig = {
  appName: 'SponsorBridge',
  demo: false,
  google: { configured: false },
  payments: { mode: 'sandbox' },
  mail: { available: true },
  categories: ['Education', 'Healthcare', 'Technology', 'Environment', 'Arts', 'Community', 'Business'],
  plans: FALLBACK_PLANS,
  industries: [
    { key: 'beverages', label: 'Beverages' },
    { key: 'telecom', label: 'Telecom' },
    { key: 'other', label: 'Other' },
  ],
}

export function makeUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 'u1',
    username: 'priya',
    displayName: 'Priya Sharma',
    email: '',
    pendingEmail: '',
    hasProvenEmail: false,
    avatar: '',
    photoURL: '',
    providerId: '',
    isVerified: false,
    socialMedia: [],
    bio: '',
    industry: '',
    eventLocation: '',
    eventCategories: [],
    nextEventDate: '',
    audience: 0,
    subscriptionPlan: '',
    subscriptionStatus: '',
    subscriptionExpiry: '',
    subscriptionActive: false,
    canPostAt: '',
    isAdmin: false,
    hideAsPastSponsor: false,
    createdAt: '2025-11-01T09:00:00Z',
    reliability: {
      fundedDeals: 0,
      completedDeals: 0,
      rating: 0,
      ratingCount: 0,
      medianAnswerSeconds: 0,
      answerCount: 0,
      reliable: false,
    },
    ...overrides,
  }
}

export function makeSponsorship(overrides: Partial<Sponsorship> = {}): Sponsorship {
  return {
    id: 's1',
    title: 'Coding scholarships',
    description: 'Funding for young coders.',
    amount: 1500,
    location: 'Pune, India',
    categories: ['Education'],
    userId: 'u2',
    createdAt: '2025-11-20T10:00:00Z',
    updatedAt: '2025-11-20T10:00:00Z',
    approved: false,
    reviewed: false,
    poster: { id: 'u2', username: 'arun', displayName: 'Arun Mehta', isVerified: true, avatar: '', deleted: false, audience: null },
    posterTrack: { reliable: false, completedDeals: 0, rating: 0, ratingCount: 0 },
    ...overrides,
  }
}

export function makeRequest(overrides: Partial<SponsorshipRequest> = {}): SponsorshipRequest {
  return {
    id: 'r1',
    title: 'Robotics team travel',
    description: 'We need travel money for the national finals.',
    requestedAmount: 2500,
    eventDate: '2026-02-14T00:00:00Z',
    status: 'open',
    location: 'Chennai',
    categories: ['Technology'],
    userId: 'u3',
    createdAt: '2025-11-21T10:00:00Z',
    updatedAt: '2025-11-21T10:00:00Z',
    approved: false,
    reviewed: false,
    poster: { id: 'u3', username: 'meera', displayName: 'Meera Iyer', isVerified: false, avatar: '', deleted: false, audience: null },
    posterTrack: { reliable: false, completedDeals: 0, rating: 0, ratingCount: 0 },
    ...overrides,
  }
}

/** Headers of a counted list's page, named as the server names them (docs/api/README.md, "Lists"). */
export function pageHeaders(total: number, hasMore: boolean, page = 1, perPage = 12): Record<string, string> {
  return {
    [listHeaders.total]: String(total),
    [listHeaders.totalEstimated]: 'false',
    [listHeaders.hasMore]: String(hasMore),
    [listHeaders.page]: String(page),
    [listHeaders.perPage]: String(perPage),
  }
}

/** A counted list's answer: the items as the body, the paging in headers. */
export function listResponse<T>(items: T[], { total = items.length, page = 1, perPage = 20 } = {}): Response {
  return json(items, 200, pageHeaders(total, page * perPage < total, page, perPage))
}

/** Headers of a listing page: the first carries the total, each with more after it a cursor. */
export function listingPageHeaders(opts: { total?: number; estimated?: boolean; next?: string }): Record<string, string> {
  const h: Record<string, string> = { [listHeaders.hasMore]: String(!!opts.next), [listHeaders.perPage]: '12', [listHeaders.page]: '1' }
  if (opts.total !== undefined) {
    h[listHeaders.total] = String(opts.total)
    h[listHeaders.totalEstimated] = String(!!opts.estimated)
  }
  if (opts.next) h[listHeaders.next] = opts.next
  return h
}

export function makePerson(overrides: Partial<Person> = {}): Person {
  return { id: 'u2', username: 'arun', displayName: 'Arun Mehta', avatar: '', isVerified: false, deleted: false, ...overrides }
}

/** A completed deal between u1 (Priya, the recipient) and u2 (Arun, the sponsor), nothing reviewed yet. */
export function makeDeal(overrides: Partial<Deal> = {}): Deal {
  return {
    id: 'd1',
    status: 'completed',
    version: 3,
    amount: 500,
    sponsor: makePerson(),
    recipient: makePerson({ id: 'u1', username: 'priya', displayName: 'Priya Sharma' }),
    listing: { kind: 'sponsorship-requests', id: 'r1', title: 'Robotics team travel' },
    origin: 'pledge',
    renewalOf: '',
    category: 'Education',
    deliverables: [],
    proposal: [],
    proposedBy: '',
    agreedAt: '2026-11-01T09:00:00Z',
    fundsSentAt: '2026-11-02T09:00:00Z',
    fundedAt: '2026-11-03T09:00:00Z',
    deliveredAt: '2026-11-10T09:00:00Z',
    completedAt: '2026-11-11T09:00:00Z',
    cancelledAt: '',
    cancelledBy: '',
    cancelReason: '',
    cancelRequestedBy: '',
    cancelRequestReason: '',
    disputedAt: '',
    disputedBy: '',
    disputeReason: '',
    disputeResponse: '',
    resolution: '',
    tier: null,
    holdUntil: '',
    createdAt: '2026-10-30T09:00:00Z',
    updatedAt: '2026-11-11T09:00:00Z',
    events: [],
    updates: [],
    reviews: { open: true, opensAt: '', mine: null, theirs: null, theirsWritten: false },
    ...overrides,
  }
}

/** Arun's (u2) review of Priya (u1), shown. */
export function makeReview(overrides: Partial<Review> = {}): Review {
  return {
    id: 'rv1',
    dealId: 'd1',
    listing: { kind: 'sponsorship-requests', id: 'r1', title: 'Robotics team travel' },
    rating: 5,
    body: 'Everything delivered on time, with photos.',
    author: makePerson(),
    subject: makePerson({ id: 'u1', username: 'priya', displayName: 'Priya Sharma' }),
    visibleAt: '2026-11-12T09:00:00Z',
    createdAt: '2026-11-12T09:00:00Z',
    reply: '',
    repliedAt: '',
    hidden: false,
    hiddenReason: '',
    ...overrides,
  }
}

/** An application to offer o1 as its poster reviews it: pending, not shortlisted, a profile in Pune. */
export function makeReviewItem(id: string, name: string, overrides: Partial<ReviewItem> = {}): ReviewItem {
  return {
    id,
    status: 'pending',
    message: '',
    createdAt: '2027-01-10T10:00:00Z',
    decidedAt: '',
    sponsorship: { id: 'o1', title: 'Robotics kits', amount: 500 },
    applicant: makePerson({ id: `u-${id}`, displayName: name }),
    poster: makePerson({ id: 'u1', displayName: 'Alex' }),
    conversationId: '',
    dealId: '',
    answers: [],
    declineReason: '',
    declineReasonText: '',
    declineNote: '',
    shortlisted: false,
    applicantProfile: {
      eventLocation: 'Pune',
      eventCategories: ['Education'],
      nextEventDate: '2027-04-12',
      audience: 300,
      reliable: false,
      completedDeals: 0,
      rating: 0,
      reviewCount: 0,
    },
    match: { score: 110, reasons: ['shares Education', 'in Pune'] },
    eligibility: [],
    ...overrides,
  }
}

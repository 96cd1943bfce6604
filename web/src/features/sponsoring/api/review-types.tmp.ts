/*
 * TEMPORARY (deleted once h-b's routes and the generated api-types.gen.ts are merged): the answers
 * of the poster's applications view as docs/api/eligibility.md writes them, and one call wrapper
 * for routes the generated table does not list yet.
 */
/* eslint-disable no-restricted-syntax */
import { callWithHeaders, type CallArgs } from '@/lib/api'
import type { ApiRoute, Application, Person } from '@/lib/api-types.gen'
import type { Answer, EligibilityIssue, Question } from '@/lib/eligibility-contract.local'

export type DeclineReason = 'not_a_fit' | 'budget' | 'dates' | 'audience' | 'location' | 'other'
export type { Answer, Question } from '@/lib/eligibility-contract.local'

export interface ApplicantProfile {
  eventLocation: string
  eventCategories: string[]
  nextEventDate: string
  audience: number
  reliable: boolean
  completedDeals: number
  rating: number
  reviewCount: number
}

export interface ReviewedApplication extends Omit<Application, 'status'> {
  status: Application['status'] | 'withdrawn'
  answers: Answer[]
  shortlisted: boolean
  applicantProfile: ApplicantProfile
  match: { score: number; reasons: string[] }
  eligibility: EligibilityIssue[]
  declineReason: DeclineReason | ''
  declineReasonText: string
  declineNote: string
}

export interface ApplicantReview {
  rating: number
  comment: string
  createdAt: string
  author: Person
}

export interface ComparedApplication extends ReviewedApplication {
  reviews: ApplicantReview[]
}

export interface CompareAnswer {
  questions: Question[]
  applications: ComparedApplication[]
}

export interface BulkDeclineAnswer {
  declined: string[]
  skipped: { id: string; message: string }[]
}

/** A call of a route not yet in the generated table, answering T. */
export function pendingCall<T>(route: string, args: Record<string, unknown>): Promise<{ data: T; headers: Headers }> {
  return callWithHeaders(route as ApiRoute, args as CallArgs<ApiRoute>) as unknown as Promise<{ data: T; headers: Headers }>
}

import type { DealStatus } from '@/lib/api-types.gen'

export const statusLabels: Record<DealStatus, string> = {
  negotiating: 'Agreeing deliverables',
  agreed: 'Agreed',
  funded: 'Funded',
  delivered: 'Delivered',
  completed: 'Completed',
  cancelled: 'Cancelled',
  disputed: 'In dispute',
}

/** What each state means, and who acts next, for the member reading the page. */
export const statusHelp: Record<DealStatus, string> = {
  negotiating: 'One of you proposes what the sponsor gets; the other agrees.',
  agreed: 'The sponsor sends the money directly and marks it sent; the recipient confirms it arrived.',
  funded: 'The recipient delivers each deliverable and adds proof.',
  delivered: 'Everything is delivered: the sponsor confirms to complete the deal.',
  completed: 'This deal is complete.',
  cancelled: 'This deal was cancelled.',
  disputed: 'The administrators are looking at this deal with both sides’ words.',
}

/** A deal an administrator decided after a dispute: said at the top of its page. */
export const decidedTexts = {
  heading: 'Decided by the administrators',
  completed: (date: string) => `After the dispute, the administrators completed this deal on ${date}.`,
  cancelled: (date: string) => `After the dispute, the administrators cancelled this deal on ${date}.`,
  note: 'Their decision:',
} as const

/** Beside a deal's title when its listing was deleted (the deal outlives it). */
export const listingDeletedLabel = 'Listing deleted'

export const moneyNote =
  'SponsorBridge does not move money between members: the sponsor pays the recipient directly, and you both confirm it here.'

export const stepOrder: DealStatus[] = ['negotiating', 'agreed', 'funded', 'delivered', 'completed']

/** The Reviews card of the deal page (docs/web/sponsoring-and-messages.md, "Deal page"). */
export const reviewTexts = {
  heading: 'Reviews',
  intro: (name: string) =>
    `How did the deal go? Rate ${name} and say a few words. Reviews are double-blind: neither of you reads the other’s until both have written, or 14 days have passed.`,
  ratingLabel: 'Your rating',
  bodyLabel: 'Your review',
  bodyPlaceholder: 'What went well, what could have gone better',
  submit: 'Post review',
  posted: 'Review posted',
  postedBothShown: 'Both reviews are shown now.',
  postedBlind: (name: string) => `${name} reads it when they write theirs, or in 14 days.`,
  mine: 'Your review',
  theirs: (name: string) => `${name}’s review`,
  blind: (name: string, date: string) => `Shown to ${name} when they write theirs, or on ${date}.`,
  shown: (name: string) => `Shown on ${name}’s profile.`,
  hiddenMine: 'The administrators hid this review: it is not shown to anyone.',
  theirsWritten: (name: string) => `${name} has written a review: write yours to read it.`,
  waitingTheirs: (name: string) => `${name} has not reviewed you yet.`,
  opensOn: (date: string) => `Reviews open on ${date}, 30 days after the event.`,
  opensOnCompletion: 'Reviews open when the deal is completed.',
  cancelled: 'A cancelled deal is not reviewed.',
  reply: 'Reply',
  replyFrom: (name: string) => `Reply from ${name}`,
  yourReply: 'Your reply',
  replyTitle: (name: string) => `Reply to ${name}’s review`,
  replyDescription: 'Your reply is shown under the review, on your profile too. You can reply once.',
  replyRequired: 'Write your reply',
  replySubmit: 'Post reply',
  replied: 'Reply posted',
  failed: 'That did not go through',
} as const

/** "1 star", "2 stars": the name of each star of the rating. */
export function starLabel(n: number): string {
  return `${n} star${n === 1 ? '' : 's'}`
}

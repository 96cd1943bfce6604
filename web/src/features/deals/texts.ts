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

export const moneyNote =
  'SponsorBridge does not move money between members: the sponsor pays the recipient directly, and you both confirm it here.'

export const stepOrder: DealStatus[] = ['negotiating', 'agreed', 'funded', 'delivered', 'completed']

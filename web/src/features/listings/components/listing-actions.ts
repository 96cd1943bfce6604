import { toast } from '@/lib/toast'
import type { Listing } from '../types'

/** Apply and Sponsor show the spec's toasts; recording them is the "connect directly" issue's. */
export function applyForSponsorship(): void {
  toast({ title: 'Application submitted', description: 'Your application for this sponsorship has been submitted', variant: 'success' })
}

export function sponsorProject(): void {
  toast({ title: 'Sponsorship confirmed', description: 'You have successfully sponsored this project', variant: 'success' })
}

export function runListingAction(listing: Listing): void {
  if (listing.kind === 'sponsorship') applyForSponsorship()
  else sponsorProject()
}

/** Only open requests can be sponsored; nobody acts on their own listing. */
export function actionState(listing: Listing, currentUserId?: string): 'own' | 'available' | 'sponsored' {
  if (currentUserId && listing.item.userId === currentUserId) return 'own'
  if (listing.kind === 'request' && listing.item.status !== 'open') return 'sponsored'
  return 'available'
}

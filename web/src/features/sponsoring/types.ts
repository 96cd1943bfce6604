/** Shapes of docs/api-5.md ("A person", Application, Commitment). */
export interface Person {
  id: string
  username: string
  displayName: string
  avatar: string
  isVerified: boolean
  deleted: boolean
}

export type ApplicationStatus = 'pending' | 'accepted' | 'declined'

export interface Application {
  id: string
  status: ApplicationStatus
  message: string
  createdAt: string
  decidedAt: string
  sponsorship: { id: string; title: string; amount: number }
  applicant: Person
  poster: Person
  conversationId: string
}

export interface Commitment {
  id: string
  amount: number
  message: string
  createdAt: string
  request: { id: string; title: string; amount: number; status: string }
  sponsor: Person
  poster: Person
  conversationId: string
}

export function personName(p: Person | null | undefined): string {
  if (!p || p.deleted) return 'Deleted member'
  return p.displayName || p.username
}

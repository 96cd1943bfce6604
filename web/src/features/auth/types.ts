/** Shapes of docs/api.md ("Own user", "Public profile"). */
export interface SocialMediaEntry {
  platform: string
  username: string
  verified: boolean
  verificationDate?: string
}

export interface PublicProfile {
  id: string
  username: string
  displayName: string
  avatar: string
  photoURL: string
  isVerified: boolean
  socialMedia: SocialMediaEntry[] | null
  bio: string
  createdAt: string
}

export interface CurrentUser extends PublicProfile {
  /** Proven (a code came back, or Google vouched for it); notification e-mails go here. */
  email: string
  /** An address waiting for the code mailed to it (POST /api/user/email/confirm). */
  pendingEmail: string
  providerId: string
  subscriptionPlan: string
  subscriptionStatus: string
  subscriptionExpiry: string
  subscriptionActive: boolean
  canPostAt: string
  isAdmin: boolean
}

export function avatarUrl(user: Pick<PublicProfile, 'avatar' | 'photoURL'> | null | undefined): string | undefined {
  return user?.avatar || user?.photoURL || undefined
}

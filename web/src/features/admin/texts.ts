/** User-visible strings of the admin dashboard (docs/web/admin.md). */
export const adminTexts = {
  approved: 'Listing approved',
  rejected: 'Listing rejected',
  memberVerified: 'Member verified',
  memberUnverified: 'Verification removed',
  socialVerified: 'Social link verified',
  socialUnverified: 'Social link verification removed',
  messageResolved: 'Message resolved',
  failed: 'Something went wrong',
  queueEmpty: 'Nothing to review. All caught up!',
  adminHint: 'Administrator rights are granted with the `sponsorbridge admin grant` command or in the superuser dashboard.',
  noPayments: 'Payments are not recorded yet.',
} as const

export const auditActionLabels: Record<string, string> = {
  approve_listing: 'Approved listing',
  reject_listing: 'Rejected listing',
  verify_member: 'Verified member',
  unverify_member: 'Removed member verification',
  verify_social: 'Verified social link',
  unverify_social: 'Removed social link verification',
  resolve_contact: 'Resolved message',
  resolve_dispute: 'Resolved dispute',
  hide_review: 'Hid a review',
}

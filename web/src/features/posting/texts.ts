/** The spec's posting toasts (section 8). */
export const postingTexts = {
  sponsorships: {
    success: 'Open Sponsorship created',
    detail: 'Your open sponsorship has been published.',
    failure: 'Failed to create sponsorship',
  },
  requests: {
    success: 'Sponsors Required listing created',
    detail: 'Your request for sponsors has been published.',
    failure: 'Failed to create request',
  },
} as const

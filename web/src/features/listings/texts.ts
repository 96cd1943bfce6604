/** The spec's list states (section 2 and 8). */
export const listingTexts = {
  sponsorships: {
    loading: 'Loading sponsorships...',
    error: 'Error loading sponsorships. Please try again.',
    empty: 'No sponsorships found. Try adjusting your filters or create a new one.',
  },
  requests: {
    loading: 'Loading sponsorship requests...',
    error: 'Error loading sponsorship requests. Please try again.',
    empty: 'No sponsorship requests found. Try adjusting your filters or create a new one.',
  },
} as const

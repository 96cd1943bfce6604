/** The spec's Google error catalogue (section 8), word for word. */
export const GOOGLE_FAILED_TITLE = 'Google sign-in failed'
export const GOOGLE_SUCCESS_TITLE = 'Google sign-in successful'
export const MANUAL_FAILED_TITLE = 'Manual Google Sign-in Failed'

export const googleMessages = {
  missingInformation: 'Missing required information from Google sign-in.',
  authFailed: 'Authentication failed. Please try again.',
  serverError: 'Server error during sign-in. Please try again later.',
  popupClosed: 'Sign-in popup was blocked or closed. Please try again and allow the popup.',
  notConfigured: 'Authentication not properly configured. Please use the manual sign-in option below.',
  invalidApiKey: 'The identity provider API key is not valid. Please contact the administrator.',
  unauthorizedDomain: (host: string) =>
    `This domain (${host}) is not authorized in the identity provider. Please use the manual sign-in option below.`,
} as const

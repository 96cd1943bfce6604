interface InfoSection {
  heading: string
  paragraphs?: string[]
  list?: string[]
}

export interface InfoDocument {
  title: string
  intro: string
  /** Date the text was last changed, shown on policy pages. */
  updated?: string
  sections: InfoSection[]
}

export const SUPPORT_EMAIL = 'support@sponsorbridge.example'
export const POLICY_DATE = 'November 22, 2026'

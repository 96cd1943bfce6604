/**
 * TEMPORARY (issue 41, until the server's regenerated lib/api-types.gen.ts lands): the fields of
 * docs/api/eligibility.md added to the generated types by module augmentation, so the code below
 * reads them as it will once generated. Delete this file when the generated types have them.
 */
export type QuestionKind = 'short' | 'long' | 'number' | 'yesno' | 'link'
export type EligibilityCode = 'cap' | 'location' | 'category' | 'eventDate' | 'audience' | 'verified' | 'reliable'

export interface Criteria {
  locations: string[]
  categories: string[]
  eventFrom: string
  eventTo: string
  minAudience: number
  verifiedOnly: boolean
  reliableOnly: boolean
}

export interface Question {
  id: string
  label: string
  kind: QuestionKind
  required: boolean
}

export interface QuestionInput {
  id?: string
  label: string
  kind: string
  required: boolean
}

export interface EligibilityIssue {
  code: EligibilityCode
  message: string
}

export interface Answer {
  questionId: string
  label: string
  kind: QuestionKind
  value: unknown
}

declare module './api-types.gen' {
  interface ListingItem {
    criteria?: Criteria
    questions?: Question[]
    applicationCap?: number
    applicationCount?: number
    eligibility?: EligibilityIssue[]
  }
  interface ListingInput {
    criteria?: Partial<Criteria> | null
    questions?: QuestionInput[]
    applicationCap?: number
  }
  interface MessageBody {
    answers?: Record<string, unknown>
  }
  interface ApiRoutes {
    'POST /api/applications/{id}/withdraw': { body: undefined; answer: Application }
  }
  interface Application {
    /** 'withdrawn' joins ApplicationStatus once generated. */
    answers?: Answer[]
  }
}

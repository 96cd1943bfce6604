/**
 * TEMPORARY (issue 41, until the server's regenerated lib/api-types.gen.ts lands): the fields of
 * docs/api/eligibility.md added to the generated types by module augmentation, so the code below
 * reads them as it will once generated. Delete this file when the generated types have them.
 */
import type { QuestionKind } from './api-types.gen'

export interface Answer {
  questionId: string
  label: string
  kind: QuestionKind
  value: unknown
}

declare module './api-types.gen' {
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

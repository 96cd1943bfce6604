/**
 * TEMPORARY (issue 41, until the server answers a decline's reason): the decline fields of
 * docs/api/eligibility.md ("Declining with a reason") added to the generated Application by module
 * augmentation, so the applicant's list reads them as it will once generated. Delete this file when
 * lib/api-types.gen.ts has them.
 */
export {}

declare module './api-types.gen' {
  interface Application {
    declineReason?: string
    declineReasonText?: string
    declineNote?: string
  }
}

import type { ApplicantProfile } from '@/lib/api-types.gen'
import { applicantFigures } from '../applicant-figures'

export function ApplicantFigures({ profile }: { profile: ApplicantProfile }) {
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3 lg:grid-cols-5">
      {applicantFigures(profile).map((f) => (
        <div key={f.label} className="min-w-0">
          <dt className="text-xs text-base-content/75">{f.label}</dt>
          <dd className="font-medium break-words">{f.value}</dd>
        </div>
      ))}
    </dl>
  )
}

import { CheckIcon } from '@/components/ui/icons'

const points = [
  'Post and discover sponsorship opportunities',
  'Share your project or initiative seeking funding',
  'Connect directly with sponsors and requesters',
]

/** The promotional panel, shown on large screens only. */
export function AuthPromo() {
  return (
    <aside className="hidden flex-col justify-center rounded-box bg-gradient-to-br from-primary to-indigo-900 p-10 text-primary-content lg:flex">
      <h2 className="text-3xl font-bold leading-tight">Connect with the right sponsors for your journey</h2>
      <ul className="mt-8 space-y-5">
        {points.map((point) => (
          <li key={point} className="flex items-start gap-3 text-lg">
            <span className="mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full bg-white/20">
              <CheckIcon className="size-4" />
            </span>
            {point}
          </li>
        ))}
      </ul>
    </aside>
  )
}

import { useId } from 'react'
import type { UseFormRegisterReturn } from 'react-hook-form'
import { FieldShell } from '@/components/ui/Field'
import type { Industry } from '@/lib/tiers'

/** The member's industry: shown on their profile and pledges, and what exclusive packages and clashing industries read. */
export function IndustryField({
  industries,
  current,
  error,
  registration,
}: {
  industries: readonly Industry[]
  /** The stored industry: kept as an option while the list loads, so the select never drops it. */
  current: string
  error?: string
  registration: UseFormRegisterReturn
}) {
  const id = useId()
  return (
    <FieldShell
      id={id}
      label="Industry"
      error={error}
      hint="Shown on your profile and your pledges. Requests can offer packages exclusive to one sponsor per industry."
    >
      <select
        id={id}
        className={`select w-full ${error ? 'select-error' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
        {...registration}
      >
        <option value="">Not stated</option>
        {current && !industries.some((i) => i.key === current) && <option value={current}>{current}</option>}
        {industries.map((i) => (
          <option key={i.key} value={i.key}>
            {i.label}
          </option>
        ))}
      </select>
    </FieldShell>
  )
}

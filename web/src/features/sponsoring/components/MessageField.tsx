import type { UseFormRegisterReturn } from 'react-hook-form'
import { TextAreaField } from '@/components/ui/Field'
import { MESSAGE_MAX } from '../schemas'

/** The optional note of Apply and Sponsor, with a character counter. */
export function MessageField({
  label,
  length,
  error,
  registration,
}: {
  label: string
  length: number
  error?: string
  registration: UseFormRegisterReturn
}) {
  return (
    <div>
      <TextAreaField label={label} rows={5} maxLength={MESSAGE_MAX} error={error} data-autofocus {...registration} />
      <p className="text-right text-xs text-base-content/75" aria-live="polite">
        {length} / {MESSAGE_MAX}
      </p>
    </div>
  )
}

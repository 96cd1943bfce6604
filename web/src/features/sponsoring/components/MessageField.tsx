import type { UseFormRegisterReturn } from 'react-hook-form'
import { TextAreaField } from '@/components/ui/Field'
import { MESSAGE_MAX } from '../schemas'

/**
 * The optional note of Apply and Sponsor, with a character counter. It takes the dialog's first focus
 * unless the dialog starts elsewhere (Sponsor starts on the amount): `first={false}`.
 */
export function MessageField({
  label,
  length,
  error,
  registration,
  first = true,
}: {
  label: string
  length: number
  error?: string
  registration: UseFormRegisterReturn
  first?: boolean
}) {
  return (
    <div>
      <TextAreaField label={label} rows={5} maxLength={MESSAGE_MAX} error={error} data-autofocus={first || undefined} {...registration} />
      <p className="text-right text-xs text-base-content/75" aria-live="polite">
        {length} / {MESSAGE_MAX}
      </p>
    </div>
  )
}

import type { UseFormRegisterReturn } from 'react-hook-form'
import { TextAreaField, TextField } from '@/components/ui/Field'
import { limits } from '@/lib/limits.gen'
import type { Question } from '@/lib/api-types.gen'

interface AnswerFieldProps {
  question: Question
  index: number
  error?: string
  registration: UseFormRegisterReturn
}

/** One of the offer's questions as a field of its kind; an optional one says so in its label. */
export function AnswerField({ question: q, index, error, registration }: AnswerFieldProps) {
  const label = q.required ? q.label : `${q.label} (optional)`
  // The dialog opens on the first question.
  const first = index === 0 || undefined
  const common = { error, 'aria-required': q.required || undefined, 'data-autofocus': first, ...registration }
  switch (q.kind) {
    case 'long':
      return <TextAreaField label={label} rows={4} maxLength={limits.longAnswer} {...common} />
    case 'number':
      return <TextField label={label} inputMode="decimal" autoComplete="off" {...common} />
    case 'link':
      return <TextField label={label} type="url" inputMode="url" placeholder="https://…" maxLength={limits.linkAnswer} {...common} />
    case 'yesno': {
      const errorId = `answer-${index}-error`
      return (
        // A radio group may say it is required (a plain group may not).
        <fieldset
          role="radiogroup"
          aria-labelledby={`answer-${index}-legend`}
          className="py-1"
          aria-required={q.required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        >
          <legend id={`answer-${index}-legend`} className="pb-1 text-sm font-semibold">
            {label}
          </legend>
          <div className="flex gap-4">
            {(['yes', 'no'] as const).map((v) => (
              <label key={v} className="flex cursor-pointer items-center gap-2 text-sm">
                <input
                  type="radio"
                  className="radio radio-sm radio-primary"
                  value={v}
                  data-autofocus={(first && v === 'yes') || undefined}
                  {...registration}
                />
                {v === 'yes' ? 'Yes' : 'No'}
              </label>
            ))}
          </div>
          {error && (
            <p id={errorId} role="alert" className="mt-1 text-sm text-error">
              {error}
            </p>
          )}
        </fieldset>
      )
    }
    default:
      return <TextField label={label} maxLength={limits.shortAnswer} {...common} />
  }
}

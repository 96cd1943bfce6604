import { useFieldArray, type UseFormReturn } from 'react-hook-form'
import { Button } from '@/components/ui/Button'
import { Checkbox, FieldShell, TextField } from '@/components/ui/Field'
import { PlusIcon, TrashIcon } from '@/components/ui/icons'
import { limits } from '@/lib/limits.gen'
import { newQuestion, questionKinds } from '../criteria'
import type { ListingFormInput, ListingFormValues } from '../schemas'

/** Up to 5 questions applicants answer: a label, the kind of answer, and whether it is required. */
export function QuestionsFields({ form }: { form: UseFormReturn<ListingFormInput, unknown, ListingFormValues> }) {
  const { register, control, formState } = form
  const questions = useFieldArray({ control, name: 'questions' })
  const errors = formState.errors.questions
  const listError = errors?.root?.message ?? errors?.message
  return (
    <div className="space-y-3">
      <p className="text-sm text-base-content/75">Applicants answer these with their application; only you read the answers.</p>
      <ol className="space-y-3">
        {questions.fields.map((field, i) => {
          const rowErrors = errors?.[i]
          return (
            <li key={field.id}>
              <fieldset className="relative rounded-box border border-base-300 bg-base-200/40 p-3 pt-2" data-testid="question-fields">
                <legend className="float-left pt-1 text-sm font-semibold">Question {i + 1}</legend>
                <Button
                  variant="ghost"
                  size="sm"
                  className="absolute top-1.5 right-1.5"
                  aria-label={`Remove question ${i + 1}`}
                  onClick={() => questions.remove(i)}
                >
                  <TrashIcon className="size-4" />
                </Button>
                <div className="clear-both grid gap-x-3 sm:grid-cols-[1fr_10rem]">
                  <TextField
                    label="Question text"
                    maxLength={limits.questionLabel}
                    placeholder="e.g. How many students attend?"
                    error={rowErrors?.label?.message}
                    {...register(`questions.${i}.label`)}
                  />
                  <FieldShell id={`question-${i}-kind`} label="Answer type" error={rowErrors?.kind?.message}>
                    <select
                      id={`question-${i}-kind`}
                      className={`select w-full ${rowErrors?.kind ? 'select-error' : ''}`}
                      aria-invalid={rowErrors?.kind ? true : undefined}
                      aria-describedby={rowErrors?.kind ? `question-${i}-kind-error` : undefined}
                      {...register(`questions.${i}.kind`)}
                    >
                      {questionKinds.map((k) => (
                        <option key={k.value} value={k.value}>
                          {k.label}
                        </option>
                      ))}
                    </select>
                  </FieldShell>
                </div>
                <Checkbox label="Required" {...register(`questions.${i}.required`)} />
              </fieldset>
            </li>
          )
        })}
      </ol>
      {listError && (
        <p role="alert" className="text-sm text-error">
          {listError}
        </p>
      )}
      <Button
        variant="outline"
        size="sm"
        disabled={questions.fields.length >= limits.questions}
        onClick={() => questions.append(newQuestion())}
      >
        <PlusIcon className="size-4" /> Add a question
      </Button>
      {questions.fields.length >= limits.questions && (
        <p className="text-xs text-base-content/75">An offer has at most {limits.questions} questions.</p>
      )}
    </div>
  )
}

import { useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { FormDialog } from '@/components/ui/FormDialog'
import { ApiError, errorMessage } from '@/lib/api'
import type { Question } from '@/lib/api-types.gen'
import { applyFieldErrors } from '@/lib/form-errors'
import { toast } from '@/lib/toast'
import { useApply } from '../api/apply'
import { answerFieldErrors, applySchema, toAnswers, type ApplyValues } from '../answers'
import { AnswerField } from './AnswerField'
import { MessageField } from './MessageField'

interface ApplyDialogProps {
  open: boolean
  sponsorship: { id: string; title: string; questions?: Question[] }
  onClose: () => void
}

const noQuestions: Question[] = []

/** Apply on an Open Sponsorship: the offer's questions, and an optional message to the sponsor. */
export function ApplyDialog({ open, sponsorship, onClose }: ApplyDialogProps) {
  const questions = sponsorship.questions ?? noQuestions
  const apply = useApply(sponsorship.id)
  const form = useForm<ApplyValues>({
    resolver: zodResolver(applySchema(questions)),
    defaultValues: { message: '', answers: questions.map(() => '') },
  })
  const length = useWatch({ control: form.control, name: 'message' }).length
  // The rules the member fails now (422): they changed, or the profile did, since the offer was read.
  const [refusal, setRefusal] = useState<string[] | null>(null)
  const { errors } = form.formState

  const submit = form.handleSubmit(async ({ message, answers }) => {
    setRefusal(null)
    try {
      await apply.mutateAsync({ message: message.trim(), ...(questions.length ? { answers: toAnswers(questions, answers) } : {}) })
      toast({ title: 'Application submitted', description: 'Your application for this sponsorship has been submitted', variant: 'success' })
      form.reset()
      onClose()
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        const reasons = Object.values(error.fieldErrors)
        setRefusal(reasons.length ? reasons : [error.message])
        return
      }
      const answered = error instanceof ApiError ? answerFieldErrors(questions, error.fieldErrors) : []
      answered.forEach(([i, message], n) => form.setError(`answers.${i}`, { type: 'server', message }, { shouldFocus: n === 0 }))
      if (applyFieldErrors(error, form.setError, ['message']) || answered.length) return
      toast({ title: 'Could not apply', description: errorMessage(error), variant: 'destructive' })
      if (error instanceof ApiError && error.status === 409) onClose()
    }
  })

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title="Apply for Sponsorship"
      description={sponsorship.title}
      onSubmit={submit}
      submitLabel="Submit"
      pending={apply.isPending}
      submitDisabled={refusal !== null}
      formClassName="space-y-1"
    >
      {refusal && (
        <div role="alert" className="alert alert-warning alert-soft mb-2 block text-sm" data-testid="apply-refused">
          <p className="font-semibold">You cannot apply to this sponsorship now.</p>
          <ul className="mt-1 list-disc pl-5">
            {refusal.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        </div>
      )}
      {questions.map((q, i) => (
        <AnswerField
          key={q.id ?? i}
          question={q}
          index={i}
          error={errors.answers?.[i]?.message}
          registration={form.register(`answers.${i}`)}
        />
      ))}
      <MessageField
        label="Message to the sponsor (optional)"
        length={length}
        error={errors.message?.message}
        registration={form.register('message')}
        first={questions.length === 0}
      />
    </FormDialog>
  )
}

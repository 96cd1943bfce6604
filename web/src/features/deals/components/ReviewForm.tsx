import { useId, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { Button } from '@/components/ui/Button'
import { TextAreaField } from '@/components/ui/Field'
import { ApiError, errorMessage } from '@/lib/api'
import { toast } from '@/lib/toast'
import { usePostReview } from '../api/reviews'
import { RATINGS, REVIEW_MAX, reviewSchema, type ReviewValues } from '../schemas'
import { reviewTexts, starLabel } from '../texts'

interface ReviewFormProps {
  dealId: string
  otherName: string
  /** The other side has written theirs: both are shown once this one is posted. */
  theirsWritten: boolean
}

/**
 * The member's review of the other side: 1–5 stars (a radio group drawn as daisyUI's `rating`) and
 * the text, checked as the server checks them; the server's field errors go under their fields,
 * a refusal (409) stays above the button in its words.
 */
export function ReviewForm({ dealId, otherName, theirsWritten }: ReviewFormProps) {
  const id = useId()
  const post = usePostReview(dealId)
  const [refusal, setRefusal] = useState('')
  const form = useForm<ReviewValues>({ resolver: zodResolver(reviewSchema), defaultValues: { rating: '', body: '' } })
  const rating = useWatch({ control: form.control, name: 'rating' })
  const length = useWatch({ control: form.control, name: 'body' }).length
  const ratingError = form.formState.errors.rating?.message

  const submit = form.handleSubmit(async (values) => {
    setRefusal('')
    try {
      await post.mutateAsync({ rating: Number(values.rating), body: values.body })
      toast({
        title: reviewTexts.posted,
        description: theirsWritten ? reviewTexts.postedBothShown : reviewTexts.postedBlind(otherName),
        variant: 'success',
      })
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && Object.keys(error.fieldErrors).length > 0) {
        const { rating: r, body: b } = error.fieldErrors
        if (b) form.setError('body', { type: 'server', message: b }, { shouldFocus: true })
        if (r) form.setError('rating', { type: 'server', message: r }, { shouldFocus: !b })
        return
      }
      if (error instanceof ApiError && error.status === 409) {
        setRefusal(error.message)
        return
      }
      toast({ title: reviewTexts.failed, description: errorMessage(error), variant: 'destructive' })
    }
  })

  return (
    <form onSubmit={submit} noValidate className="space-y-1" data-testid="review-form">
      <div className="fieldset py-1">
        <span id={`${id}-rating`} className="fieldset-legend pt-0 pb-1 text-sm">
          {reviewTexts.ratingLabel}
        </span>
        <div className="flex items-center gap-3">
          <div
            role="radiogroup"
            aria-labelledby={`${id}-rating`}
            aria-describedby={ratingError ? `${id}-rating-error` : undefined}
            aria-required="true"
            className="rating rating-lg gap-1.5 rounded-field p-0.5 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary"
          >
            {RATINGS.map((n) => (
              <input
                key={n}
                type="radio"
                value={n}
                aria-label={starLabel(Number(n))}
                className="mask mask-star-2 bg-warning"
                {...form.register('rating')}
              />
            ))}
          </div>
          <span className="text-sm text-base-content/75" aria-hidden="true">
            {rating ? `${rating} / 5` : ''}
          </span>
        </div>
        {ratingError && (
          <p id={`${id}-rating-error`} className="label text-sm whitespace-normal text-error" role="alert">
            {ratingError}
          </p>
        )}
      </div>
      <TextAreaField
        label={reviewTexts.bodyLabel}
        rows={4}
        maxLength={REVIEW_MAX}
        placeholder={reviewTexts.bodyPlaceholder}
        error={form.formState.errors.body?.message}
        {...form.register('body')}
      />
      <p className="text-right text-xs text-base-content/75" aria-live="polite">
        {length} / {REVIEW_MAX}
      </p>
      {refusal && (
        <p role="alert" className="alert alert-warning text-sm">
          {refusal}
        </p>
      )}
      <div className="flex justify-end">
        <Button type="submit" loading={post.isPending}>
          {reviewTexts.submit}
        </Button>
      </div>
    </form>
  )
}

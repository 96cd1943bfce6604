import { useState, type ReactNode } from 'react'
import { useFormState, type UseFormReturn } from 'react-hook-form'
import { ChevronDownIcon } from '@/components/ui/icons'
import { hasCriteria } from '../criteria'
import type { ListingFormInput, ListingFormValues } from '../schemas'
import { CriteriaFields } from './CriteriaFields'
import { QuestionsFields } from './QuestionsFields'

export interface OfferRulesEditorProps {
  form: UseFormReturn<ListingFormInput, unknown, ListingFormValues>
  categories: readonly string[]
}

/** A section that opens on a click, and by itself when one of its fields has an error; its values stay in the form when closed. */
function Section({
  title,
  summary,
  initiallyOpen,
  invalid,
  testId,
  children,
}: {
  title: string
  summary: string
  initiallyOpen: boolean
  invalid: boolean
  testId: string
  children: ReactNode
}) {
  const [open, setOpen] = useState(initiallyOpen)
  return (
    <details
      className="group mt-4 rounded-box border border-base-300"
      open={open || invalid}
      onToggle={(e) => setOpen(e.currentTarget.open)}
      data-testid={testId}
    >
      <summary className="flex cursor-pointer list-none items-center justify-between gap-2 rounded-box px-4 py-3 hover:bg-base-200/60 [&::-webkit-details-marker]:hidden">
        <span>
          <span className="block text-sm font-semibold">{title}</span>
          <span className="block text-xs text-base-content/75">{summary}</span>
        </span>
        <ChevronDownIcon className="size-4 shrink-0 transition group-open:rotate-180" aria-hidden="true" />
      </summary>
      {/* Mounted once open: a closed section adds no fields (the listing's own Categories keep their names). */}
      {(open || invalid) && <div className="px-4 pt-1 pb-4">{children}</div>}
    </details>
  )
}

/** The offer form's "Who can apply" and "Questions" (docs/api/eligibility.md): loads with an offer's form only. */
export function OfferRulesEditor({ form, categories }: OfferRulesEditorProps) {
  const { errors } = useFormState({ control: form.control })
  const values = form.getValues()
  return (
    <>
      <Section
        title="Who can apply"
        summary="Places, categories, event dates, audience, verified or reliable members, and a cap. Optional."
        initiallyOpen={hasCriteria(values)}
        invalid={!!errors.criteria || !!errors.applicationCap}
        testId="criteria-editor"
      >
        <CriteriaFields form={form} categories={categories} />
      </Section>
      <Section
        title="Questions"
        summary="Up to 5 questions applicants answer. Optional."
        initiallyOpen={values.questions.length > 0}
        invalid={!!errors.questions}
        testId="questions-editor"
      >
        <QuestionsFields form={form} />
      </Section>
    </>
  )
}

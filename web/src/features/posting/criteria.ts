import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'
import { z } from 'zod/mini'
import { ApiError } from '@/lib/api'
import { isCalendarDay } from '@/lib/dates'
import { isOnline, ONLINE } from '@/lib/eligibility'
import { limits } from '@/lib/limits.gen'
import type { Criteria, Question, QuestionKind } from '@/lib/api-types.gen'

/**
 * The offer form's "Who can apply" and "Questions" sections (docs/api/eligibility.md, "Criteria on an
 * offer" and "Questions and answers"). The form's fields are named as the server's (`criteria.eventTo`,
 * `questions.1.label`), so its field errors land on the field they name; the form checks in the
 * server's words what a poster would otherwise wait for.
 */

export const questionKinds: { value: QuestionKind; label: string }[] = [
  { value: 'short', label: 'Short text' },
  { value: 'long', label: 'Long text' },
  { value: 'number', label: 'Number' },
  { value: 'yesno', label: 'Yes or no' },
  { value: 'link', label: 'Link' },
]

const wholeUpTo = (max: number) => (v: string) => v.trim() === '' || (/^\d+$/.test(v.trim()) && Number(v) <= max)
const placeKey = (a: string) => a.trim().toLowerCase()

const questionSchema = z.object({
  /** The stored question's id on an edit; "" for a new one (the server names it). */
  id: z.string(),
  label: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Write the question'),
      z.maxLength(limits.questionLabel, `A question must be at most ${limits.questionLabel} characters`),
    ),
  kind: z.enum(questionKinds.map((k) => k.value) as [QuestionKind, ...QuestionKind[]], {
    error: 'Choose short text, long text, number, yes/no or a link',
  }),
  required: z.boolean(),
})

export const criteriaSchema = {
  criteria: z
    .object({
      /** Cities; "Online" is the toggle below. */
      places: z.array(z.string()),
      online: z.boolean(),
      categories: z.array(z.string()),
      eventFrom: z.string().check(z.refine((v) => v === '' || isCalendarDay(v), 'Enter a valid date')),
      eventTo: z.string().check(z.refine((v) => v === '' || isCalendarDay(v), 'Enter a valid date')),
      minAudience: z
        .string()
        .check(z.refine(wholeUpTo(limits.audience), 'Minimum audience must be a whole number from 0 to 1,000,000,000')),
      verifiedOnly: z.boolean(),
      reliableOnly: z.boolean(),
    })
    .check(
      z.refine((c) => c.places.length + (c.online ? 1 : 0) <= limits.criteriaLocations, {
        message: `At most ${limits.criteriaLocations} locations`,
        path: ['places'],
      }),
      z.refine((c) => c.places.every((p) => p.trim().length <= limits.criteriaPlace), {
        message: `Each location must be at most ${limits.criteriaPlace} characters`,
        path: ['places'],
      }),
      z.refine((c) => new Set(c.places.map(placeKey)).size === c.places.length, {
        message: 'Each location may appear only once',
        path: ['places'],
      }),
      z.refine((c) => !c.eventFrom || !c.eventTo || c.eventTo >= c.eventFrom, {
        message: 'The last event date must be on or after the first',
        path: ['eventTo'],
      }),
    ),
  applicationCap: z
    .string()
    .check(
      z.refine(
        (v) => v.trim() === '' || v.trim() === '0' || (wholeUpTo(limits.applicationCap)(v) && Number(v) >= 1),
        'The application cap must be from 1 to 500',
      ),
    ),
  questions: z.array(questionSchema).check(z.maxLength(limits.questions, `At most ${limits.questions} questions`)),
}

type CriteriaInput = z.input<ReturnType<typeof z.object<typeof criteriaSchema>>>
type QuestionValues = CriteriaInput['questions'][number]

export const newQuestion = (): QuestionValues => ({ id: '', label: '', kind: 'short', required: false })

export const emptyCriteria: CriteriaInput = {
  criteria: {
    places: [],
    online: false,
    categories: [],
    eventFrom: '',
    eventTo: '',
    minAudience: '',
    verifiedOnly: false,
    reliableOnly: false,
  },
  applicationCap: '',
  questions: [],
}

/** An offer's stored rules as the form holds them (the edit form). */
export function criteriaValuesOf(item: { criteria?: Criteria; applicationCap?: number; questions?: Question[] }): CriteriaInput {
  const c = item.criteria
  return {
    criteria: {
      places: (c?.locations ?? []).filter((p) => !isOnline(p)),
      online: (c?.locations ?? []).some(isOnline),
      categories: c?.categories ?? [],
      eventFrom: c?.eventFrom ?? '',
      eventTo: c?.eventTo ?? '',
      minAudience: c?.minAudience ? String(c.minAudience) : '',
      verifiedOnly: c?.verifiedOnly ?? false,
      reliableOnly: c?.reliableOnly ?? false,
    },
    applicationCap: item.applicationCap ? String(item.applicationCap) : '',
    questions: (item.questions ?? []).map((q) => ({ id: q.id ?? '', label: q.label, kind: q.kind, required: q.required })),
  }
}

/** Whether the form sets any rule (the section opens on an offer that has some). */
export function hasCriteria(v: CriteriaInput): boolean {
  const c = v.criteria
  return (
    c.places.length > 0 ||
    c.online ||
    c.categories.length > 0 ||
    !!c.eventFrom ||
    !!c.eventTo ||
    !!c.minAudience.trim() ||
    c.verifiedOnly ||
    c.reliableOnly ||
    !!v.applicationCap.trim()
  )
}

/** The body's criteria, cap and questions: every part, so a rule removed on an edit is removed. */
export function toCriteriaPayload(v: CriteriaInput) {
  const c = v.criteria
  return {
    criteria: {
      locations: [...c.places.map((p) => p.trim()), ...(c.online ? [ONLINE] : [])],
      categories: c.categories,
      eventFrom: c.eventFrom,
      eventTo: c.eventTo,
      minAudience: c.minAudience.trim() ? Number(c.minAudience) : 0,
      verifiedOnly: c.verifiedOnly,
      reliableOnly: c.reliableOnly,
    },
    applicationCap: v.applicationCap.trim() ? Number(v.applicationCap) : 0,
    questions: v.questions.map((q) => ({ ...(q.id ? { id: q.id } : {}), label: q.label.trim(), kind: q.kind, required: q.required })),
  }
}

const criteriaField = /^criteria\.(categories|eventFrom|eventTo|minAudience)$/
const questionField = /^questions\.\d+\.(label|kind)$/
/** The server names a question's id error by the question: it shows under the question's label. */
const questionIdField = /^questions\.(\d+)\.id$/

/** Where each of the server's criteria and questions field errors goes on the form. */
export function criteriaFieldErrors(error: unknown): [path: string, message: string][] {
  if (!(error instanceof ApiError)) return []
  const out: [string, string][] = []
  for (const [key, message] of Object.entries(error.fieldErrors)) {
    if (key === 'criteria.locations') out.push(['criteria.places', message])
    else if (key === 'questions') out.push(['questions.root', message])
    else if (key === 'applicationCap' || criteriaField.test(key) || questionField.test(key)) out.push([key, message])
    else if (questionIdField.test(key)) out.push([key.replace(questionIdField, 'questions.$1.label'), message])
  }
  return out
}

/** Puts the server's criteria and questions errors on the form (the first takes focus unless `focus` is false). */
export function applyCriteriaErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, focus = true): number {
  const found = criteriaFieldErrors(error)
  found.forEach(([path, message], n) => setError(path as Path<T>, { type: 'server', message }, { shouldFocus: focus && n === 0 }))
  return found.length
}

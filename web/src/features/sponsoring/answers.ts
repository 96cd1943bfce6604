import { z } from 'zod/mini'
import { limits } from '@/lib/limits.gen'
import type { Question } from '@/lib/api-types.gen'
import { connectMessageSchema } from './schemas'

/**
 * An application's answers to the offer's questions (docs/api/eligibility.md, "Questions and answers"),
 * checked as the server checks them, in its words. The form holds each answer as text, by the
 * question's place in the offer (a yes/no as "yes" or "no").
 */

const NUMBER = /^-?\d+(\.\d+)?$/
const LINK = /^https?:\/\/\S+$/i

/** The server's message for an answer, or undefined when it is fine. */
function answerError(q: Pick<Question, 'kind' | 'required'>, raw: string): string | undefined {
  const v = raw.trim()
  if (v === '') return q.required ? 'This question needs an answer' : undefined
  switch (q.kind) {
    case 'short':
      return v.length > limits.shortAnswer ? `An answer must be at most ${limits.shortAnswer} characters` : undefined
    case 'long':
      return v.length > limits.longAnswer ? `An answer must be at most ${limits.longAnswer} characters` : undefined
    case 'number':
      return NUMBER.test(v) && Math.abs(Number(v)) <= limits.numberAnswer ? undefined : 'Enter a number'
    case 'yesno':
      return v === 'yes' || v === 'no' ? undefined : 'Answer yes or no'
    case 'link':
      return LINK.test(v) && v.length <= limits.linkAnswer ? undefined : 'Enter a link starting with http:// or https://'
  }
  return undefined
}

/** Apply's form: the message and one answer a question. */
export function applySchema(questions: readonly Question[]) {
  return z.object({
    message: connectMessageSchema.shape.message,
    answers: z.array(z.string()).check(
      z.superRefine((answers, ctx) => {
        questions.forEach((q, i) => {
          const message = answerError(q, answers[i] ?? '')
          if (message) ctx.addIssue({ code: 'custom', path: [i], message })
        })
      }),
    ),
  })
}

export type ApplyValues = z.infer<ReturnType<typeof applySchema>>

/** The body's answers by question id: a number for a number, a bool for yes/no, the text otherwise; none left empty. */
export function toAnswers(questions: readonly Question[], answers: readonly string[]): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {}
  questions.forEach((q, i) => {
    const v = (answers[i] ?? '').trim()
    if (v === '' || !q.id) return // the server names every question it answers
    out[q.id] = q.kind === 'number' ? Number(v) : q.kind === 'yesno' ? v === 'yes' : v
  })
  return out
}

/** The server's answer errors (`answers.{id}`) as the form's fields (`answers.{index}`). */
export function answerFieldErrors(questions: readonly Question[], fieldErrors: Record<string, string>): [index: number, message: string][] {
  const out: [number, string][] = []
  questions.forEach((q, i) => {
    const message = fieldErrors[`answers.${q.id}`]
    if (message) out.push([i, message])
  })
  return out
}

import type { Answer } from '../api/review-types.tmp'

/** One answer as the applicant gave it: yes or no, a number in the reader's digits, a link that opens apart. */
export function AnswerValue({ answer }: { answer: Pick<Answer, 'kind' | 'value'> | undefined }) {
  if (!answer || answer.value === '') return <span className="text-base-content/60">No answer</span>
  const { kind, value } = answer
  if (kind === 'yesno') return <span>{value === true || value === 'true' ? 'Yes' : 'No'}</span>
  if (kind === 'number') return <span>{Number(value).toLocaleString()}</span>
  if (kind === 'link') {
    const href = String(value)
    return /^https?:\/\//i.test(href) ? (
      <a href={href} target="_blank" rel="noopener noreferrer nofollow" className="link link-primary break-all">
        {href}
      </a>
    ) : (
      <span className="break-all">{href}</span>
    )
  }
  return <span className="whitespace-pre-line break-words">{String(value)}</span>
}

import { answerText } from '@/lib/eligibility'
import type { Answer } from '@/lib/api-types.gen'

/** One answer as the applicant gave it (answerText's words); a link opens apart. */
export function AnswerValue({ answer }: { answer: Pick<Answer, 'kind' | 'value'> | undefined }) {
  const text = answer ? answerText(answer) : ''
  if (!answer || text === '') return <span className="text-base-content/75">No answer</span>
  if (answer.kind === 'link' && /^https?:\/\//i.test(text))
    return (
      <a href={text} target="_blank" rel="noopener noreferrer nofollow" className="link link-primary break-all">
        {text}
      </a>
    )
  return <span className="whitespace-pre-line break-words">{text}</span>
}

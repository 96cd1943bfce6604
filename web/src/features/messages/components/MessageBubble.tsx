import { Link } from 'react-router'
import { dealPath, paths } from '@/lib/paths'
import type { Message } from '@/lib/api-types.gen'
import { messageTime } from '@/lib/dates'

/** Where a note leads, for the side reading it: to the deal its pledge or accepted application opened, else the applicant to their own applications, the poster to the ones received. */
function NoteLink({ message }: { message: Message }) {
  if (message.dealId) {
    return (
      <Link to={dealPath(message.dealId)} className="link link-primary whitespace-nowrap">
        Open the deal
      </Link>
    )
  }
  const [label, hash] =
    message.contextType === 'application'
      ? message.mine
        ? ['View your applications', 'my-applications']
        : ['View applications', 'received-applications']
      : message.mine
        ? ['View your sponsorships', 'commitments']
        : ['View sponsorships', 'commitments']
  return (
    <Link to={`${paths.profile}#${hash}`} className="link link-primary whitespace-nowrap">
      {label}
    </Link>
  )
}

/** An ordinary message (mine on the right) or a centred system note about a listing. */
export function MessageBubble({ message }: { message: Message }) {
  if (message.kind === 'system') {
    return (
      <li className="flex justify-center py-1" data-testid="system-message">
        <p className="max-w-md rounded-box bg-base-200 px-4 py-2 text-center text-sm text-base-content/80">
          {message.body}
          {message.contextType && (
            <>
              {' '}
              <NoteLink message={message} />
            </>
          )}
          <span className="mt-0.5 block text-xs text-base-content/65">{messageTime(message.createdAt)}</span>
        </p>
      </li>
    )
  }
  return (
    <li className={`flex flex-col py-1 ${message.mine ? 'items-end' : 'items-start'}`} data-testid="message">
      <div
        className={`max-w-[85%] rounded-2xl px-4 py-2 whitespace-pre-wrap break-words shadow-sm sm:max-w-[70%] ${
          message.mine
            ? 'rounded-br-sm bg-primary text-primary-content'
            : 'rounded-bl-sm border border-base-300 bg-base-100 text-base-content'
        }`}
      >
        {message.body}
      </div>
      <div className="mt-0.5 px-1 text-xs text-base-content/70">
        <span className="sr-only">{message.mine ? 'You, ' : `${message.sender.displayName || 'Member'}, `}</span>
        {messageTime(message.createdAt)}
      </div>
    </li>
  )
}

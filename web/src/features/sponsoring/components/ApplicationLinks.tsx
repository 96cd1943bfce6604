import { Link } from 'react-router'
import { conversationPath, dealPath } from '@/lib/paths'

export function DealLink({ id }: { id: string }) {
  if (!id) return null
  return (
    <Link to={dealPath(id)} className="link link-primary text-sm">
      Open the deal
    </Link>
  )
}

export function ConversationLink({ id }: { id: string }) {
  if (!id) return null
  return (
    <Link to={conversationPath(id)} className="link link-primary text-sm">
      Open conversation
    </Link>
  )
}

import { useNavigate } from 'react-router'
import { Button } from '@/components/ui/Button'
import { MessageIcon } from '@/components/ui/icons'
import { errorMessage } from '@/lib/api'
import { conversationPath } from '@/lib/paths'
import { toast } from '@/lib/toast'
import { useStartConversation } from '../api/start-conversation'

/** Opens (or continues) the conversation with a member and goes there. */
export function MessageButton({
  userId,
  label = 'Message',
  size = 'sm',
  variant = 'primary',
}: {
  userId: string
  label?: string
  size?: 'sm' | 'md'
  variant?: 'primary' | 'outline'
}) {
  const start = useStartConversation()
  const navigate = useNavigate()
  return (
    <Button
      size={size}
      variant={variant}
      loading={start.isPending}
      onClick={() =>
        start.mutate(userId, {
          onSuccess: (c) => navigate(conversationPath(c.id)),
          onError: (e) => toast({ title: 'Could not open the conversation', description: errorMessage(e), variant: 'destructive' }),
        })
      }
    >
      <MessageIcon className="size-4" />
      {label}
    </Button>
  )
}

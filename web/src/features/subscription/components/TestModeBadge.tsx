import { Badge } from '@/components/ui/Badge'

const TEST_MODE_LABEL = 'Test mode — no real money'

/** Shown wherever the sandbox checkout is in use. */
export function TestModeBadge({ className = '' }: { className?: string }) {
  return <Badge className={`badge-warning ${className}`}>{TEST_MODE_LABEL}</Badge>
}

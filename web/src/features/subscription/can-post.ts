import type { CurrentUser } from '@/lib/api-types.gen'

/** Whether the member may open the post form: an active plan, or an administrator. */
export function canOpenPostForm(user: CurrentUser | null): boolean {
  return !!user && (user.subscriptionActive || user.isAdmin)
}

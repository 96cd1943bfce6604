import { AuthPage } from '@/features/auth/routes/AuthPage'
import { SharedListingNote } from '@/features/listings/components/SharedListingNote'

/** The sign-in screen, with the listing a shared link led to (composed here: features do not import each other). */
export function AuthRoute() {
  return <AuthPage ReturnNote={SharedListingNote} />
}

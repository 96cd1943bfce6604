import { Link } from 'react-router'
import { buttonClass } from '@/components/ui/button-class'
import { paths } from '@/lib/paths'

/** Callback page of the Google redirect flow; finishing the sign-in here is the Google issue's. */
export function GoogleCallbackPage() {
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-2xl font-bold">Google sign-in</h1>
      <p className="text-base-content/75">
        Signing in with Google is not available yet. Please sign in with your username and password.
      </p>
      <Link to={paths.auth} className={buttonClass()}>Back to Login</Link>
    </div>
  )
}

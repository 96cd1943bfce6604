import { useState, type ComponentType } from 'react'
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router'
import { PageSpinner } from '@/components/ui/Spinner'
import { Tabs } from '@/components/ui/Tabs'
import { useAppConfig } from '@/features/app-config'
import { paths, returnPath } from '@/lib/paths'
import { AuthPromo } from '../components/AuthPromo'
import { GoogleSignIn } from '../components/GoogleSignIn'
import { LoginForm } from '../components/LoginForm'
import { RegisterForm } from '../components/RegisterForm'
import { goHomeAfterSignIn } from '../google/go-home'
import { useGoogleAuthScreen } from '../google/use-google-auth-screen'
import { sessionEndedLine } from '../session-ended'
import { useSession } from '../use-session'
import { useDocumentTitle } from '@/lib/use-document-title'

type AuthTab = 'login' | 'register'
const tabs = [
  { value: 'login', label: 'Login' },
  { value: 'register', label: 'Register' },
] as const

const REDIRECT_AFTER_SIGN_IN_MS = 500

interface AuthPageProps {
  /** Shown above the forms with the way back (the app gives the listing a shared link led to). */
  ReturnNote?: ComponentType<{ returnTo: string }>
}

export function AuthPage({ ReturnNote }: AuthPageProps = {}) {
  const session = useSession()
  const config = useAppConfig()
  const navigate = useNavigate()
  const location = useLocation()
  // A protected page (a shared listing link) sent the visitor here: go back there after signing in
  // or registering. The way back rides the history entry's state, so every switch of tab below
  // passes it on (a reload keeps it too); returnPath follows only paths of this app.
  const target = returnPath((location.state as { from?: unknown } | null)?.from)
  // The session ended elsewhere while a page was open (a password reset...): say why.
  const ended = sessionEndedLine((location.state as { ended?: unknown } | null)?.ended)
  const keepReturn = location.state as unknown
  const [params, setParams] = useSearchParams()
  const tab: AuthTab = params.get('tab') === 'register' ? 'register' : 'login'
  useDocumentTitle(tab === 'register' ? 'Register' : 'Login')
  const [manualOpen, setManualOpen] = useState(params.get('manual') === 'true')
  const [signedInHere, setSignedInHere] = useState(false)
  useGoogleAuthScreen(() => setManualOpen(true))

  if (session.status === 'authenticated' && !signedInHere) return <Navigate to={target} replace />
  if (config.isPending || session.status === 'loading') return <PageSpinner />

  const setTab = (next: AuthTab) =>
    setParams(
      (prev) => {
        const out = new URLSearchParams(prev)
        if (next === 'register') out.set('tab', 'register')
        else out.delete('tab')
        return out
      },
      { replace: true, state: keepReturn },
    )

  const onSignedIn = () => {
    setSignedInHere(true)
    window.setTimeout(() => navigate(target, { replace: true }), REDIRECT_AFTER_SIGN_IN_MS)
  }

  const onGoogleSignedIn = () => {
    setSignedInHere(true)
    goHomeAfterSignIn((to) => navigate(to, { replace: true }), target)
  }

  const demo = config.data?.demo ? config.data.demoCredentials : undefined
  const googleConfigured = config.data?.google.configured ?? false
  const google = (
    <GoogleSignIn
      mode={tab}
      configured={googleConfigured}
      manualOpen={manualOpen}
      onManualOpenChange={setManualOpen}
      initialEmail={params.get('email') ?? ''}
      returnTo={target}
      onSignedIn={onGoogleSignedIn}
    />
  )

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-8 sm:py-12 lg:grid-cols-2">
      <section className="mx-auto w-full max-w-md">
        <h1 className="text-3xl font-bold tracking-tight">Welcome to SponsorBridge</h1>
        <p className="mt-2 text-base-content/75">Connect with sponsors and get your projects funded</p>
        {ReturnNote && <ReturnNote returnTo={target} />}
        {ended && (
          <p role="status" className="alert alert-warning alert-soft mt-4 text-sm" data-testid="session-ended">
            {ended}
          </p>
        )}
        <div className="card mt-6 border border-base-300 bg-base-100 shadow-sm">
          <div className="card-body gap-4">
            <Tabs items={tabs} value={tab} onChange={setTab} label="Sign in or create an account" panelId={(v) => `auth-${v}`} />
            <div role="tabpanel" id={`auth-${tab}`} aria-labelledby={`auth-${tab}-tab`}>
              {tab === 'login' ? (
                <>
                  <LoginForm demoCredentials={demo} onSignedIn={onSignedIn} />
                  {google}
                  <p className="mt-4 text-center text-sm">
                    Don&apos;t have an account?{' '}
                    <Link to={`${paths.auth}?tab=register`} replace state={keepReturn} className="link link-primary font-medium">
                      Register
                    </Link>
                  </p>
                </>
              ) : (
                <>
                  <RegisterForm onSignedIn={onSignedIn} />
                  {google}
                  <p className="mt-4 text-center text-sm">
                    Already have an account?{' '}
                    <Link to={paths.auth} replace state={keepReturn} className="link link-primary font-medium">
                      Login
                    </Link>
                  </p>
                </>
              )}
            </div>
          </div>
        </div>
      </section>
      <AuthPromo />
    </div>
  )
}

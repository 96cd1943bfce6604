import { useEffect, useRef } from 'react'
import { useSearchParams } from 'react-router'
import { clearGoogleRedirect, msUntilGoogleFallback } from '@/lib/session-hints'
import { toast } from '@/lib/toast'
import { startFailureMessage } from './failure'
import { GOOGLE_FAILED_TITLE } from './messages'

/**
 * The auth screen's side of the redirect flow: the server's `googleError=` (toast, box, removed
 * from the URL) and the box opening by itself once a redirect has been pending for 20 seconds
 * (also when the page comes back from the back/forward cache).
 */
export function useGoogleAuthScreen(openFallback: () => void): void {
  const [params, setParams] = useSearchParams()
  const googleError = params.get('googleError')
  const open = useRef(openFallback)
  useEffect(() => {
    open.current = openFallback
  })

  useEffect(() => {
    if (!googleError) return
    const message = startFailureMessage(googleError, window.location.host)
    if (message) {
      clearGoogleRedirect()
      toast({ title: GOOGLE_FAILED_TITLE, description: message, variant: 'destructive' })
      open.current()
    }
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev)
        next.delete('googleError')
        return next
      },
      { replace: true },
    )
  }, [googleError, setParams])

  useEffect(() => {
    let timer: number | undefined
    const check = () => {
      window.clearTimeout(timer)
      const wait = msUntilGoogleFallback()
      if (wait === 0) open.current()
      else if (wait !== null) timer = window.setTimeout(check, wait)
    }
    check()
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) check()
    }
    window.addEventListener('pageshow', onPageShow)
    return () => {
      window.clearTimeout(timer)
      window.removeEventListener('pageshow', onPageShow)
    }
  }, [])
}

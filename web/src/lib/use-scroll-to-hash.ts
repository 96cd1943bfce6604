import { useEffect } from 'react'
import { useLocation } from 'react-router'

/**
 * Scrolls to the element the URL's #hash names once it is on the page (sections that load their
 * data appear a moment after the route): /profile#my-applications, /settings#settings-email.
 */
export function useScrollToHash(): void {
  const { hash } = useLocation()
  useEffect(() => {
    if (!hash) return
    const id = hash.slice(1)
    let tries = 0
    const timer = setInterval(() => {
      const el = document.getElementById(id)
      if (el || ++tries > 40) {
        clearInterval(timer)
        el?.scrollIntoView({ block: 'start' })
      }
    }, 50)
    return () => clearInterval(timer)
  }, [hash])
}

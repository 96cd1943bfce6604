import { useEffect } from 'react'

/** Sets the tab title to "{title} · SponsorBridge" while the page is shown. */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · SponsorBridge` : 'SponsorBridge'
    return () => {
      document.title = 'SponsorBridge'
    }
  }, [title])
}

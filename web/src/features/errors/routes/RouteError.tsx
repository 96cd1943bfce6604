import { useEffect } from 'react'
import { useRouteError } from 'react-router'
import { Button } from '@/components/ui/Button'

/** A route module failed to load or render: logged, with a way to try again. */
export function RouteError() {
  const error = useRouteError()
  useEffect(() => {
    console.error('Route failed to load', error)
  }, [error])
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-2xl font-bold">This page could not be loaded</h1>
      <p className="text-base-content/80">Please check your connection and try again.</p>
      <Button onClick={() => window.location.reload()}>Reload</Button>
    </div>
  )
}

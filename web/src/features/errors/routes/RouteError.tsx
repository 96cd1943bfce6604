import { Component, type ReactNode } from 'react'
import { Button } from '@/components/ui/Button'

/** A route module failed to load or render, with a way to try again. */
function RouteError() {
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-2xl font-bold">This page could not be loaded</h1>
      <p className="text-base-content/80">Please check your connection and try again.</p>
      <Button onClick={() => window.location.reload()}>Reload</Button>
    </div>
  )
}

interface BoundaryProps {
  children: ReactNode
  /** The page's path: moving to another page clears the error. */
  resetKey: string
}

/** Shows RouteError instead of a page whose module failed to load or which threw; logs why. */
export class RouteErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  state = { failed: false }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  componentDidCatch(error: unknown) {
    console.error('Route failed to load', error)
  }

  componentDidUpdate(previous: BoundaryProps) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false })
  }

  render() {
    return this.state.failed ? <RouteError /> : this.props.children
  }
}

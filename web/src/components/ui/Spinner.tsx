export function Spinner({ label = 'Loading', className = '' }: { label?: string; className?: string }) {
  return <span role="status" aria-label={label} className={`loading loading-spinner loading-lg text-primary ${className}`} />
}

export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Spinner label={label} />
    </div>
  )
}

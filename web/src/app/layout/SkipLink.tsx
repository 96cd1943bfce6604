export function SkipLink() {
  return (
    <a
      data-print="hide"
      href="#main"
      className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[60] focus:rounded-field focus:bg-primary focus:px-4 focus:py-2 focus:text-primary-content"
    >
      Skip to content
    </a>
  )
}

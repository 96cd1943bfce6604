import { InfoIcon } from '@/components/ui/icons'

/** Why the server refused a dialog's request (a 409's sentence), inside the dialog, read out when it appears. */
export function RefusalNote({ message }: { message: string }) {
  return (
    <div aria-live="assertive">
      {message && (
        <p role="alert" className="alert alert-error alert-soft mt-3 text-sm">
          <InfoIcon className="size-4 shrink-0" />
          <span>{message}</span>
        </p>
      )}
    </div>
  )
}

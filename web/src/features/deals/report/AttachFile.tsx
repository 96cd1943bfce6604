import { useId } from 'react'
import { Button } from '@/components/ui/Button'
import { FieldShell } from '@/components/ui/Field'
import { Spinner } from '@/components/ui/Spinner'
import { ApiError, errorMessage } from '@/lib/api'
import { useUploadEvidence } from '../api/evidence.tmp'

export interface Attached {
  id: string
  name: string
  url: string
}

interface AttachFileProps {
  dealId: string
  label: string
  value: Attached | null
  onChange: (file: Attached | null) => void
  /** The form's message for this file (the server's "Attach a file of this deal"). */
  error?: string
}

/**
 * A figure's evidence or a spending line's receipt: a picture or a PDF, uploaded as this deal's
 * evidence file as soon as it is chosen; then its name, with Remove.
 */
export function AttachFile({ dealId, label, value, onChange, error }: AttachFileProps) {
  const id = useId()
  const upload = useUploadEvidence(dealId)
  const uploadError =
    upload.error instanceof ApiError
      ? (upload.error.fieldErrors.file ?? upload.error.message)
      : upload.error
        ? errorMessage(upload.error)
        : undefined
  if (value) {
    return (
      <div className="fieldset py-1">
        <span className="fieldset-legend pt-0 pb-1 text-sm">{label}</span>
        <div className="flex min-h-10 items-center gap-2">
          <a href={value.url} target="_blank" rel="noopener" className="link link-primary max-w-48 truncate text-sm">
            {value.name}
          </a>
          <Button size="sm" variant="ghost" onClick={() => onChange(null)} aria-label={`Remove ${value.name}`}>
            Remove
          </Button>
        </div>
        {error && (
          <p className="label text-sm whitespace-normal text-error" role="alert">
            {error}
          </p>
        )}
      </div>
    )
  }
  return (
    <FieldShell id={id} label={label} error={uploadError ?? error} hint="A picture or a PDF">
      <div className="flex items-center gap-2">
        <input
          id={id}
          type="file"
          accept="image/jpeg,image/png,image/gif,image/webp,application/pdf"
          className="file-input file-input-sm w-full"
          disabled={upload.isPending}
          aria-invalid={uploadError || error ? true : undefined}
          aria-describedby={uploadError || error ? `${id}-error` : `${id}-hint`}
          onChange={(e) => {
            const file = e.target.files?.[0]
            if (!file) return
            upload.mutate(file, { onSuccess: (answer) => onChange({ id: answer.id, name: answer.name, url: answer.url }) })
          }}
        />
        {upload.isPending && <Spinner label="Uploading" className="loading-sm" />}
      </div>
    </FieldShell>
  )
}

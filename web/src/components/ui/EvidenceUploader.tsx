import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { Button } from './Button'
import { FieldShell } from './Field'
import { EvidenceLink } from './Provenance'
import { ApiError, errorMessage } from '@/lib/api'
import type { EvidenceFile } from '@/lib/api-types.gen'
import { EVIDENCE_TYPES, evidenceFileError, evidenceHint, uploadEvidence, type EvidenceFor } from '@/lib/evidence'

interface EvidenceUploaderProps {
  /** The field's label, e.g. "Evidence (optional)" or "Receipt". */
  label?: ReactNode
  /** The file the figure names now, or null. */
  value: EvidenceFile | null
  /** A file uploaded (the stored file: its id goes in the figure's `evidence`) or removed (null). */
  onChange: (file: EvidenceFile | null) => void
  /** The member's kit, or a deal of theirs. */
  target: EvidenceFor
  /** A message about this field from the form's last save (e.g. the server's `segments.2.evidence`). */
  error?: string
  /** A compact field, for rows of a list. */
  compact?: boolean
}

/**
 * Picks a picture or a PDF and uploads it at once (POST /api/evidence), with its progress, a way to
 * cancel, and the server's own words when it refuses the file. What the form then sends is the stored
 * file's id: the figure that names it becomes "Evidenced".
 */
export function EvidenceUploader({
  label = 'Evidence (optional)',
  value,
  onChange,
  target,
  error,
  compact = false,
}: EvidenceUploaderProps) {
  const id = useId()
  const input = useRef<HTMLInputElement | null>(null)
  const pending = useRef<AbortController | null>(null)
  const [progress, setProgress] = useState<{ name: string; fraction: number } | null>(null)
  const [uploadError, setUploadError] = useState('')
  // A field that goes away stops its upload.
  useEffect(() => () => pending.current?.abort(), [])

  async function send(file: File) {
    setUploadError('')
    const refused = evidenceFileError(file)
    if (refused) {
      setUploadError(refused)
      return
    }
    const controller = new AbortController()
    pending.current = controller
    setProgress({ name: file.name, fraction: 0 })
    try {
      const stored = await uploadEvidence(file, target, {
        signal: controller.signal,
        onProgress: (fraction) => setProgress({ name: file.name, fraction }),
      })
      onChange(stored)
    } catch (e) {
      if (e instanceof DOMException && e.name === 'AbortError') return
      setUploadError((e instanceof ApiError && e.fieldErrors.file) || errorMessage(e))
    } finally {
      if (pending.current === controller) {
        pending.current = null
        setProgress(null)
        if (input.current) input.current.value = ''
      }
    }
  }

  const shown = uploadError || error
  const inputSize = compact ? 'file-input-sm' : ''
  return (
    <FieldShell id={id} label={label} error={shown} hint={value || progress ? undefined : evidenceHint}>
      {value ? (
        <div className="flex flex-wrap items-center gap-2 rounded-field border border-base-300 px-2 py-1.5" data-testid="evidence-file">
          <span className="min-w-0 truncate text-sm" title={value.name}>
            {value.name}
          </span>
          <EvidenceLink evidence={value} />
          <Button
            size="xs"
            variant="ghost"
            className="ml-auto"
            onClick={() => onChange(null)}
            aria-label={`Remove the evidence ${value.name}`}
          >
            Remove
          </Button>
        </div>
      ) : progress ? (
        <div className="flex items-center gap-2" role="status">
          <progress
            className="progress progress-primary w-full"
            value={Math.round(progress.fraction * 100)}
            max={100}
            aria-label={`Uploading ${progress.name}`}
          />
          <span className="text-xs tabular-nums">{Math.round(progress.fraction * 100)}%</span>
          <Button size="xs" variant="ghost" onClick={() => pending.current?.abort()}>
            Cancel
          </Button>
        </div>
      ) : (
        <input
          ref={input}
          id={id}
          type="file"
          accept={EVIDENCE_TYPES.join(',')}
          className={`file-input w-full ${inputSize} ${shown ? 'file-input-error' : ''}`}
          aria-invalid={shown ? true : undefined}
          aria-describedby={shown ? `${id}-error` : `${id}-hint`}
          onChange={(e) => {
            const file = e.target.files?.[0]
            if (file) void send(file)
          }}
        />
      )}
    </FieldShell>
  )
}

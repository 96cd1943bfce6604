import { useCallback, useEffect, useId, useRef, type ReactNode } from 'react'
import { Button } from './Button'
import { FieldShell } from './Field'

interface PictureFieldProps {
  label: ReactNode
  /** The chosen picture, or null; shown small under the input with a way to remove it. */
  file: File | null
  onChange: (file: File | null) => void
  /** The types the file picker offers (the input's accept). */
  accept: string
  hint?: ReactNode
  error?: string
  /** The form's handle on the input (react-hook-form focuses a field with an error). */
  inputRef?: (el: HTMLInputElement | null) => void
}

/** One optional picture for a form: a labelled file input and a preview of the chosen file. */
export function PictureField({ label, file, onChange, accept, hint, error, inputRef }: PictureFieldProps) {
  const id = useId()
  const input = useRef<HTMLInputElement | null>(null)
  // The picture removed, or the form reset: the input lets go of its file too.
  useEffect(() => {
    if (!file && input.current) input.current.value = ''
  }, [file])
  return (
    <>
      <FieldShell id={id} label={label} error={error} hint={hint}>
        <input
          ref={(el) => {
            input.current = el
            inputRef?.(el)
          }}
          id={id}
          type="file"
          accept={accept}
          className={`file-input w-full ${error ? 'file-input-error' : ''}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
          onChange={(e) => onChange(e.target.files?.[0] ?? null)}
        />
      </FieldShell>
      {file && !error && <PicturePreview file={file} onRemove={() => onChange(null)} />}
    </>
  )
}

function PicturePreview({ file, onRemove }: { file: File; onRemove: () => void }) {
  // The file's object URL lives while this <img> shows it: made when the image mounts or the file
  // changes, revoked when it goes.
  const showFile = useCallback(
    (img: HTMLImageElement | null) => {
      if (!img) return
      const url = URL.createObjectURL(file)
      img.src = url
      return () => URL.revokeObjectURL(url)
    },
    [file],
  )
  return (
    <div className="mt-1 flex items-center justify-between gap-3 rounded-box border border-base-300 p-2" data-testid="picture-preview">
      <img ref={showFile} alt={`Preview of ${file.name}`} className="size-16 shrink-0 rounded-field bg-base-200 object-cover" />
      <Button size="sm" variant="ghost" onClick={onRemove}>
        Remove picture
      </Button>
    </div>
  )
}

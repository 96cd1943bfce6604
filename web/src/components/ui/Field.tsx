import { useId, type InputHTMLAttributes, type ReactNode, type Ref, type TextareaHTMLAttributes } from 'react'

interface FieldShellProps {
  id: string
  label: ReactNode
  error?: string
  hint?: ReactNode
  children: ReactNode
}

export function FieldShell({ id, label, error, hint, children }: FieldShellProps) {
  return (
    <div className="fieldset py-1">
      <label htmlFor={id} className="fieldset-legend pb-1 pt-0 text-sm">
        {label}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="label text-xs whitespace-normal text-base-content/75">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="label text-sm whitespace-normal text-error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: ReactNode
  error?: string
  hint?: ReactNode
  ref?: Ref<HTMLInputElement>
}

export function TextField({ label, error, hint, id, className = '', ref, ...props }: TextFieldProps) {
  const autoId = useId()
  const inputId = id ?? autoId
  return (
    <FieldShell id={inputId} label={label} error={error} hint={hint}>
      <input
        ref={ref}
        id={inputId}
        className={`input w-full ${error ? 'input-error' : ''} ${className}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error` : hint ? `${inputId}-hint` : undefined}
        {...props}
      />
    </FieldShell>
  )
}

interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: ReactNode
  error?: string
  ref?: Ref<HTMLTextAreaElement>
}

export function TextAreaField({ label, error, id, className = '', ref, ...props }: TextAreaFieldProps) {
  const autoId = useId()
  const inputId = id ?? autoId
  return (
    <FieldShell id={inputId} label={label} error={error}>
      <textarea
        ref={ref}
        id={inputId}
        className={`textarea w-full ${error ? 'textarea-error' : ''} ${className}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error` : undefined}
        {...props}
      />
    </FieldShell>
  )
}

interface CheckboxProps extends InputHTMLAttributes<HTMLInputElement> {
  label: ReactNode
  ref?: Ref<HTMLInputElement>
}

export function Checkbox({ label, className = '', ref, ...props }: CheckboxProps) {
  return (
    <label className={`flex cursor-pointer items-center gap-2 rounded-field py-1 text-sm ${className}`}>
      <input ref={ref} type="checkbox" className="checkbox checkbox-sm checkbox-primary" {...props} />
      <span>{label}</span>
    </label>
  )
}

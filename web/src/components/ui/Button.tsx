import type { ButtonHTMLAttributes, Ref } from 'react'
import { buttonClass, type ButtonSize, type ButtonVariant } from './button-class'

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant
  size?: ButtonSize
  block?: boolean
  /** Shows a spinner and disables the button; the label stays the caller's. */
  loading?: boolean
  ref?: Ref<HTMLButtonElement>
}

export function Button({
  variant,
  size,
  block,
  loading = false,
  className = '',
  type = 'button',
  disabled,
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={`${buttonClass({ variant, size, block })} ${className}`}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
      {children}
    </button>
  )
}

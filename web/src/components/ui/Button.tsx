import type { ButtonHTMLAttributes, Ref } from 'react'

type Variant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'error' | 'neutral'
type Size = 'xs' | 'sm' | 'md' | 'lg'

const variantClass: Record<Variant, string> = {
  primary: 'btn-primary',
  secondary: 'btn-secondary',
  outline: 'btn-outline',
  ghost: 'btn-ghost',
  error: 'btn-error',
  neutral: 'btn-neutral',
}

const sizeClass: Record<Size, string> = { xs: 'btn-xs', sm: 'btn-sm', md: '', lg: 'btn-lg' }

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant
  size?: Size
  block?: boolean
  /** Shows a spinner and disables the button; the label stays the caller's. */
  loading?: boolean
  ref?: Ref<HTMLButtonElement>
}

export function buttonClass({ variant = 'primary', size = 'md', block = false }: Pick<ButtonProps, 'variant' | 'size' | 'block'> = {}): string {
  return ['btn', variantClass[variant], sizeClass[size], block ? 'btn-block' : ''].filter(Boolean).join(' ')
}

export function Button({ variant, size, block, loading = false, className = '', type = 'button', disabled, children, ...rest }: ButtonProps) {
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

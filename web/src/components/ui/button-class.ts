type Variant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'error' | 'neutral'
type Size = 'xs' | 'sm' | 'md' | 'lg'

export type ButtonVariant = Variant
export type ButtonSize = Size

const variantClass: Record<Variant, string> = {
  primary: 'btn-primary',
  secondary: 'btn-secondary',
  outline: 'btn-outline',
  ghost: 'btn-ghost',
  error: 'btn-error',
  neutral: 'btn-neutral',
}

const sizeClass: Record<Size, string> = { xs: 'btn-xs', sm: 'btn-sm', md: '', lg: 'btn-lg' }

/** daisyUI button classes, also for links that look like buttons. */
export function buttonClass({
  variant = 'primary',
  size = 'md',
  block = false,
}: { variant?: Variant; size?: Size; block?: boolean } = {}): string {
  return ['btn', variantClass[variant], sizeClass[size], block ? 'btn-block' : ''].filter(Boolean).join(' ')
}

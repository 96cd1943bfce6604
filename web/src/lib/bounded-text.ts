import { z } from 'zod/mini'

/**
 * A trimmed text field checked as the server checks it, in its words: "<Label> is required" when
 * empty (if required) and "<Label> must be at most <max> characters". `max` comes from the generated
 * `limits`, so the number and the message are the server's.
 */
export function boundedText(
  label: string,
  max: number,
  { required = true, requiredMessage }: { required?: boolean; requiredMessage?: string } = {},
) {
  const atMost = z.maxLength(max, `${label} must be at most ${max} characters`)
  return required
    ? z.string().check(z.trim(), z.minLength(1, requiredMessage ?? `${label} is required`), atMost)
    : z.string().check(z.trim(), atMost)
}

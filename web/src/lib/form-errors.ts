import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'
import { ApiError } from './api'

/**
 * Puts the server's per-field messages on the form's fields. `rename` maps a server field name
 * to the form's (e.g. requestedAmount -> amount). Returns how many fields got a message.
 */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  rename: Record<string, Path<T>> = {},
): number {
  if (!(error instanceof ApiError)) return 0
  let applied = 0
  for (const [serverField, message] of Object.entries(error.fieldErrors)) {
    const field = rename[serverField] ?? (serverField as Path<T>)
    if (!fields.includes(field)) continue
    setError(field, { type: 'server', message }, { shouldFocus: applied === 0 })
    applied++
  }
  return applied
}

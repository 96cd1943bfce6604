/**
 * A step's body: JSON, or multipart form data (the same fields, the picture in `picture`) when a
 * picture goes with it.
 */
export function withPicture(fields: Record<string, string>, picture: File | null | undefined): Record<string, string> | FormData {
  if (!picture) return fields
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  form.append('picture', picture)
  return form
}

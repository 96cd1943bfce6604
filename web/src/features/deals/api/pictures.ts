/**
 * A step's body: JSON, or multipart form data (the same fields, the picture in `picture`) when a
 * picture goes with it.
 */
export function withPicture<T extends Record<string, string>>(fields: T, picture: File | null | undefined): T | FormData {
  if (!picture) return fields
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  form.append('picture', picture)
  return form
}

/**
 * A deal's pictures (docs/api/deals.md, "Pictures"): a proof's, or an update's read through the
 * reader's own deal. The session cookie opens them, so a plain <img src> shows them.
 */
export function dealPictureUrl(dealId: string, pictureId: string): string {
  return `/api/deals/${encodeURIComponent(dealId)}/pictures/${encodeURIComponent(pictureId)}`
}

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

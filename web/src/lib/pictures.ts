import { limits } from './limits.gen'

/**
 * The pictures a member may attach (a deal's proof or update, an evidence file), checked in the
 * browser as far as it can be, in the server's words (docs/api/deals.md, "Pictures"). The server reads
 * the picture itself and has the last word (its pixels, a lossless or animated WebP); a file whose type
 * the browser cannot name goes to it unjudged. The size is deals.MaxPicture, from the generated limits.
 */
export const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp']
export const PICTURE_MAX_BYTES = limits.pictureBytes

export const pictureHint = `JPEG, PNG, GIF or WebP, at most ${PICTURE_MAX_BYTES >> 20} MB.`

/** Why the server would refuse this picture, when the browser can tell; else undefined. */
export function pictureFileError(file: File): string | undefined {
  if (file.type && !PICTURE_TYPES.includes(file.type)) return 'The picture must be a JPEG, PNG, GIF or WebP image'
  if (file.size > PICTURE_MAX_BYTES) return `The picture must be at most ${PICTURE_MAX_BYTES >> 20} MB`
  return undefined
}

/**
 * A body with a file: JSON when there is none, else multipart form data with the same fields and the
 * file in the field `name`.
 */
export function withFile<T extends Record<string, string>>(fields: T, file: File | null | undefined, name: string): T | FormData {
  if (!file) return fields
  const form = new FormData()
  for (const [key, value] of Object.entries(fields)) form.append(key, value)
  form.append(name, file)
  return form
}

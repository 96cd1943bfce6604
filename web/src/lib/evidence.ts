import { upload } from '@/lib/upload'
import type { EvidenceFile } from '@/lib/api-types.gen'
import { limits } from '@/lib/limits.gen'
import { PICTURE_TYPES, pictureFileError, PICTURE_MAX_BYTES } from '@/lib/pictures'

/** What an evidence file is for (docs/api/proof-of-value.md, "Evidence files"): the member's media kit, or one completed deal of theirs. */
export type EvidenceFor = { kit: true } | { deal: string }

const evidencePdfBytes = limits.evidencePdfBytes

export const EVIDENCE_TYPES = [...PICTURE_TYPES, 'application/pdf']

export const evidenceHint = `A picture (JPEG, PNG, GIF or WebP, at most ${PICTURE_MAX_BYTES >> 20} MB) or a PDF (at most ${evidencePdfBytes >> 20} MB).`

/** Why the server would refuse this file, when the browser can tell (the server's words); else undefined. */
export function evidenceFileError(file: File): string | undefined {
  if (file.type === 'application/pdf') {
    return file.size > evidencePdfBytes ? `The PDF must be at most ${evidencePdfBytes >> 20} MB` : undefined
  }
  if (file.type && !PICTURE_TYPES.includes(file.type)) return 'Attach a picture (JPEG, PNG, GIF or WebP) or a PDF'
  return pictureFileError(file)
}

/** POST /api/evidence: stores one file (multipart, the file in `file`), reporting the upload's progress; answers the stored file. */
export function uploadEvidence(
  file: File,
  target: EvidenceFor,
  options: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<EvidenceFile> {
  const form = new FormData()
  form.append('file', file)
  if ('kit' in target) form.append('kit', 'true')
  else form.append('deal', target.deal)
  return upload('POST /api/evidence', { form, ...options })
}

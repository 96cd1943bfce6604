import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api'

// TEMPORARY until W1's evidence uploader lands (h-w1): POST /api/evidence for a file of this deal.
export function useUploadEvidence(dealId: string) {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData()
      form.append('file', file)
      form.append('deal', dealId)
      return api('POST /api/evidence', { body: form })
    },
  })
}

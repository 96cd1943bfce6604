import type { ComponentType } from 'react'
import type { EvidenceFile } from '@/lib/api-types.gen'

/**
 * The report editor's file field: a figure's evidence or a spending line's receipt, stored as an
 * evidence file of the deal as soon as it is picked. The deals feature does not upload files itself:
 * the app hands in the evidence feature's uploader (app/routes/ReportPage.tsx).
 */
export type FileField = ComponentType<{
  dealId: string
  label: string
  value: EvidenceFile | null
  onChange: (file: EvidenceFile | null) => void
  error?: string
}>

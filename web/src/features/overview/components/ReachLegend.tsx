import { ProvenanceBadge } from '@/components/ui/Provenance'
import { overviewTexts as t } from '../texts'

/** Which line is which, with the provenance badges every figure carries: measured by SponsorBridge, or reported. */
export function ReachLegend() {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1.5 pt-1 text-sm" aria-label="Where the figures come from">
      <li className="flex flex-wrap items-center gap-2">
        <span aria-hidden="true" className="inline-block w-5 border-t-2 border-success" />
        {t.reach.measured} <ProvenanceBadge provenance="measured" />
      </li>
      <li className="flex flex-wrap items-center gap-2">
        <span aria-hidden="true" className="inline-block w-5 border-t-2 border-dashed border-info" />
        {t.reach.reported} <ProvenanceBadge provenance="self" /> {t.reach.or} <ProvenanceBadge provenance="evidenced" />
      </li>
    </ul>
  )
}

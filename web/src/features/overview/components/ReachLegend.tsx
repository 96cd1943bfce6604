import { overviewTexts as t } from '../texts'

/** Which line is which, with the provenance labels of every figure. */
export function ReachLegend() {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 pt-1 text-sm" aria-label="Where the figures come from">
      <li className="flex items-center gap-2">
        <span aria-hidden="true" className="inline-block h-0.5 w-5 bg-primary" />
        {t.reach.measured} <span className="badge badge-sm badge-primary badge-soft">Measured</span>
      </li>
      <li className="flex items-center gap-2">
        <span aria-hidden="true" className="inline-block w-5 border-t-2 border-dashed border-warning" />
        {t.reach.reported} <span className="badge badge-sm badge-ghost">Self-reported or evidenced</span>
      </li>
    </ul>
  )
}

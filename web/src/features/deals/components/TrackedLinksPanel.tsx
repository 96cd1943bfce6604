import { useState } from 'react'
import { Button } from '@/components/ui/Button'
import { CopyButton } from '@/components/ui/CopyButton'
import { FieldShell, TextField } from '@/components/ui/Field'
import { ApiError, errorMessage } from '@/lib/api'
import type { Deal } from '@/lib/api-types.gen'
import { toast } from '@/lib/toast'
import { useCreateLink, useTrackedLinks } from '../api/links'
import { limits } from '@/lib/limits.gen'
import { MeasuredTag } from '../report/Section'
import { linksTexts, reportTexts } from '../report/texts'

const open = new Set<Deal['status']>(['negotiating', 'agreed', 'funded', 'delivered'])

/**
 * A deal's short links while it runs (negotiating to delivered): make one for a deliverable's link,
 * copy it, and read what SponsorBridge counted on each. Either member.
 */
export function TrackedLinksPanel({ deal }: { deal: Deal }) {
  const shown = open.has(deal.status)
  const links = useTrackedLinks(deal.id, shown)
  const create = useCreateLink(deal.id)
  const [target, setTarget] = useState('')
  const [deliverable, setDeliverable] = useState('')
  const [errors, setErrors] = useState<{ target?: string; deliverable?: string }>({})
  if (!shown) return null
  const titleOf = new Map(deal.deliverables.map((d) => [d.id, d.title]))

  const submit = (e: React.FormEvent) => {
    e.preventDefault()
    const t = target.trim()
    if (!/^https?:\/\/\S+$/i.test(t)) {
      setErrors({ target: linksTexts.targetRequired })
      return
    }
    setErrors({})
    create.mutate(
      { target: t, deliverable: deliverable || undefined },
      {
        onSuccess: () => {
          setTarget('')
          setDeliverable('')
          toast({ title: linksTexts.made, variant: 'success' })
        },
        onError: (error) => {
          const fields = error instanceof ApiError ? error.fieldErrors : {}
          if (fields.target || fields.deliverable) setErrors({ target: fields.target, deliverable: fields.deliverable })
          else toast({ title: reportTexts.failed, description: errorMessage(error), variant: 'destructive' })
        },
      },
    )
  }

  return (
    <section aria-labelledby="links-heading" className="card border border-base-300 bg-base-100 shadow-sm" data-testid="tracked-links">
      <div className="card-body gap-3 p-5">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="links-heading" className="text-lg font-semibold">
            {linksTexts.heading}
          </h2>
          <MeasuredTag />
        </div>
        <p className="text-sm text-base-content/75">{linksTexts.intro}</p>
        {links.data && links.data.length > 0 ? (
          <ul className="divide-y divide-base-300" aria-label={linksTexts.heading}>
            {links.data.map((l) => (
              <li key={l.id} className="flex flex-wrap items-center justify-between gap-2 py-3" data-testid="tracked-link">
                <div className="min-w-0 space-y-0.5">
                  <p className="font-mono text-sm break-all">{l.url}</p>
                  <p className="truncate text-sm text-base-content/75">
                    → {l.target}
                    {l.deliverable && titleOf.has(l.deliverable) ? ` · ${titleOf.get(l.deliverable)}` : ''}
                  </p>
                  <p className="text-sm font-medium" data-testid="tracked-link-counts">
                    {linksTexts.counts(l.visits, l.uniqueVisitors)}
                  </p>
                </div>
                <CopyButton text={l.url} label={linksTexts.copy} name={linksTexts.copyName(l.url)} />
              </li>
            ))}
          </ul>
        ) : (
          links.isSuccess && <p className="text-sm text-base-content/75">{linksTexts.none}</p>
        )}
        {links.data && links.data.length < limits.trackedLinks && (
          <form
            onSubmit={submit}
            noValidate
            className="grid gap-x-3 sm:grid-cols-[1fr_14rem_auto] sm:items-start"
            aria-label={linksTexts.make}
          >
            <TextField
              label={linksTexts.target}
              type="url"
              inputMode="url"
              placeholder={linksTexts.targetPlaceholder}
              maxLength={limits.trackedLinkTarget}
              value={target}
              onChange={(e) => setTarget(e.target.value)}
              error={errors.target}
            />
            <FieldShell id="tracked-link-deliverable" label={linksTexts.deliverable} error={errors.deliverable}>
              <select
                id="tracked-link-deliverable"
                className="select w-full"
                value={deliverable}
                onChange={(e) => setDeliverable(e.target.value)}
                aria-invalid={errors.deliverable ? true : undefined}
              >
                <option value="">{linksTexts.anyDeliverable}</option>
                {deal.deliverables.map((d) => (
                  <option key={d.id} value={d.id}>
                    {d.title}
                  </option>
                ))}
              </select>
            </FieldShell>
            <Button type="submit" size="md" className="sm:mt-8" loading={create.isPending}>
              {linksTexts.make}
            </Button>
          </form>
        )}
      </div>
    </section>
  )
}

import { useCallback, useId, useRef, useState, type FormEvent } from 'react'
import { Button } from '@/components/ui/Button'
import { Checkbox, TextField } from '@/components/ui/Field'
import { FilterIcon } from '@/components/ui/icons'
import { useDismiss } from '@/lib/use-dismiss'
import type { ListingKind } from '@/lib/listing'
import { hasActiveFilters, type ListingFilters } from '../filters'

/** What the dropdown sets: every declared filter field but the keyword (it has its own box), and showing closed listings. */
type FilterFields = Omit<ListingFilters, 'q' | 'sort' | 'userId'>

interface FilterDropdownProps {
  value: FilterFields
  categories: readonly string[]
  onApply: (next: FilterFields) => void
  /** The tab: the packages filters are the requests', "Only offers I can apply to" the offers'. */
  kind: ListingKind
  /** "Open to my industry" is offered to signed-in members who stated an industry. */
  hasIndustry: boolean
}

interface Draft {
  min: string
  max: string
  location: string
  categories: string[]
  verified: boolean
  reliable: boolean
  hasPackages: boolean
  openToMe: boolean
  eligibleOnly: boolean
  audience: string
  measuredOnly: boolean
  showClosed: boolean
}

const toDraft = (v: FilterFields): Draft => ({
  min: v.minAmount?.toString() ?? '',
  max: v.maxAmount?.toString() ?? '',
  location: v.location,
  categories: v.categories,
  verified: !!v.verified,
  reliable: !!v.reliable,
  hasPackages: !!v.hasPackages,
  openToMe: !!v.openToMe,
  eligibleOnly: !!v.eligibleOnly,
  audience: v.minAudience?.toString() ?? '',
  measuredOnly: !!v.measuredOnly,
  showClosed: !!v.showClosed,
})

const toAmount = (s: string) => (s.trim() === '' ? undefined : Math.max(0, Math.floor(Number(s))))

export function FilterDropdown({ value, categories, onApply, kind, hasIndustry }: FilterDropdownProps) {
  const [open, setOpen] = useState(false)
  const [draft, setDraft] = useState<Draft>(() => toDraft(value))
  const [error, setError] = useState('')
  const root = useRef<HTMLDivElement>(null)
  const trigger = useRef<HTMLButtonElement>(null)
  const panelId = useId()
  const active = hasActiveFilters({ q: '', ...value })

  const close = useCallback(() => setOpen(false), [])
  useDismiss(root, open, close)

  function toggle() {
    if (!open) {
      setDraft(toDraft(value))
      setError('')
    }
    setOpen(!open)
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    const minAmount = toAmount(draft.min)
    const maxAmount = toAmount(draft.max)
    // 0 asks for no audience at all: the same as no filter (the server takes 1 to 1,000,000,000)
    const minAudience = toAmount(draft.audience) || undefined
    if ([minAmount, maxAmount].some((n) => n !== undefined && Number.isNaN(n))) return setError('Amounts must be numbers')
    if (minAmount !== undefined && maxAmount !== undefined && minAmount > maxAmount) {
      return setError('Min must not be greater than Max')
    }
    onApply({
      minAmount,
      maxAmount,
      location: draft.location.trim(),
      categories: draft.categories,
      verified: draft.verified || undefined,
      reliable: draft.reliable || undefined,
      hasPackages: draft.hasPackages || undefined,
      openToMe: draft.openToMe || undefined,
      eligibleOnly: draft.eligibleOnly || undefined,
      minAudience,
      measuredOnly: draft.measuredOnly || undefined,
      showClosed: draft.showClosed || undefined,
    })
    setOpen(false)
    trigger.current?.focus()
  }

  function toggleCategory(category: string, checked: boolean) {
    setDraft((d) => ({
      ...d,
      categories: checked ? [...d.categories, category] : d.categories.filter((c) => c !== category),
    }))
  }

  return (
    // On a phone the panel is wider than the room left of the Filter button: it aligns with the right
    // edge of the toolbar around it (the nearest positioned box: the listing screen's toolbar is
    // `relative`), so it stays on screen; from sm on it hangs from the button.
    <div ref={root} className="sm:relative">
      <Button
        ref={trigger}
        variant="outline"
        className="relative bg-base-100"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggle}
      >
        <FilterIcon className="size-4" />
        Filter
        {active && (
          <span data-testid="filter-dot" className="absolute -top-1 -right-1 size-3 rounded-full border-2 border-base-100 bg-primary">
            <span className="sr-only">(filters active)</span>
          </span>
        )}
      </Button>
      {open && (
        <form
          id={panelId}
          onSubmit={submit}
          aria-label="Filter listings"
          className="absolute right-0 z-30 mt-2 w-[min(20rem,calc(100vw-2rem))] rounded-box border border-base-300 bg-base-100 p-4 shadow-xl max-md:fixed max-md:inset-x-4 max-md:top-auto max-md:bottom-24 max-md:z-40 max-md:w-auto max-md:max-h-[calc(100dvh-10rem)] max-md:overflow-y-auto"
        >
          <fieldset>
            <legend className="text-sm font-semibold">Amount Range</legend>
            <div className="grid grid-cols-2 gap-3">
              <TextField
                label="Min"
                type="number"
                min={0}
                inputMode="numeric"
                value={draft.min}
                onChange={(e) => setDraft({ ...draft, min: e.target.value })}
              />
              <TextField
                label="Max"
                type="number"
                min={0}
                inputMode="numeric"
                value={draft.max}
                onChange={(e) => setDraft({ ...draft, max: e.target.value })}
              />
            </div>
          </fieldset>
          <TextField
            label="Location"
            placeholder="City or region"
            value={draft.location}
            onChange={(e) => setDraft({ ...draft, location: e.target.value })}
          />
          <fieldset className="mt-2">
            <legend className="text-sm font-semibold">Category</legend>
            <div className="mt-1 grid grid-cols-2 gap-x-2">
              {categories.map((c) => (
                <Checkbox key={c} label={c} checked={draft.categories.includes(c)} onChange={(e) => toggleCategory(c, e.target.checked)} />
              ))}
            </div>
          </fieldset>
          <Switch
            label="Verified posters only"
            hint="Posters whose identity an administrator has checked"
            checked={draft.verified}
            onChange={(verified) => setDraft({ ...draft, verified })}
          />
          <Switch
            label="Reliable posters only"
            hint="Completed deals with 3+ different established members, and 90% of funded deals completed"
            checked={draft.reliable}
            onChange={(reliable) => setDraft({ ...draft, reliable })}
          />
          {kind === 'requests' && (
            <Switch
              label="Has packages"
              hint="Requests that offer set packages to pick"
              checked={draft.hasPackages}
              onChange={(hasPackages) => setDraft({ ...draft, hasPackages })}
            />
          )}
          {kind === 'requests' && hasIndustry && (
            <Switch
              label="Open to my industry"
              hint="Leaves out requests held exclusively by, or closed to, your industry"
              checked={draft.openToMe}
              onChange={(openToMe) => setDraft({ ...draft, openToMe })}
            />
          )}
          {kind === 'requests' && (
            <fieldset className="mt-3">
              <legend className="text-sm font-semibold">Poster's audience</legend>
              <TextField
                label="Audience at least"
                type="number"
                min={1}
                step={1}
                inputMode="numeric"
                hint="Expected attendance or reach, from the poster's media kit"
                value={draft.audience}
                onChange={(e) => setDraft({ ...draft, audience: e.target.value })}
              />
              <Switch
                label="Measured figures only"
                hint="Posters whose audience SponsorBridge measured from their completed deals"
                checked={draft.measuredOnly}
                onChange={(measuredOnly) => setDraft({ ...draft, measuredOnly })}
              />
            </fieldset>
          )}
          {kind === 'sponsorships' && (
            <Switch
              label="Only offers I can apply to"
              hint="Offers whose rules your events and profile meet, with places left"
              checked={draft.eligibleOnly}
              onChange={(eligibleOnly) => setDraft({ ...draft, eligibleOnly })}
            />
          )}
          <Switch
            label="Show closed and sponsored"
            hint="Also listings that can no longer be backed"
            checked={draft.showClosed}
            onChange={(showClosed) => setDraft({ ...draft, showClosed })}
          />
          {error && (
            <p className="mt-2 text-sm text-error" role="alert">
              {error}
            </p>
          )}
          <div className="mt-4 flex gap-2">
            <Button
              variant="ghost"
              className="flex-1"
              onClick={() =>
                setDraft({
                  min: '',
                  max: '',
                  location: '',
                  categories: [],
                  verified: false,
                  reliable: false,
                  hasPackages: false,
                  openToMe: false,
                  eligibleOnly: false,
                  audience: '',
                  measuredOnly: false,
                  showClosed: false,
                })
              }
            >
              Clear
            </Button>
            <Button type="submit" className="flex-1">
              Apply Filters
            </Button>
          </div>
        </form>
      )}
    </div>
  )
}

/** One on/off filter with its explanation; the whole row is the label. */
function Switch({ label, hint, checked, onChange }: { label: string; hint: string; checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <label className="mt-3 flex cursor-pointer items-start justify-between gap-3 rounded-field border border-base-300 p-2.5">
      <span>
        <span className="block text-sm font-semibold">{label}</span>
        <span className="block text-xs text-base-content/70">{hint}</span>
      </span>
      <input
        type="checkbox"
        className="toggle toggle-primary toggle-sm mt-0.5"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
    </label>
  )
}

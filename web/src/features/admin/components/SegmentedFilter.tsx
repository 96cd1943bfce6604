interface SegmentedFilterProps<T extends string> {
  label: string
  items: readonly { value: T; label: string }[]
  value: T
  onChange: (value: T) => void
}

/** A row of toggle buttons (aria-pressed) choosing one filter value. */
export function SegmentedFilter<T extends string>({ label, items, value, onChange }: SegmentedFilterProps<T>) {
  return (
    <div role="group" aria-label={label} className="join flex-wrap">
      {items.map((item) => (
        <button
          key={item.value}
          type="button"
          aria-pressed={item.value === value}
          className={`btn btn-sm join-item ${item.value === value ? 'btn-primary' : 'btn-outline border-base-300'}`}
          onClick={() => onChange(item.value)}
        >
          {item.label}
        </button>
      ))}
    </div>
  )
}

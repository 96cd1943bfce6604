import { useId, useRef, type KeyboardEvent } from 'react'

interface TabItem<T extends string> {
  value: T
  label: string
}

interface TabsProps<T extends string> {
  items: readonly TabItem<T>[]
  value: T
  onChange: (value: T) => void
  label: string
  /** Builds the id of each tab's panel so aria-controls points at it. */
  panelId?: (value: T) => string
  className?: string
}

/** WAI-ARIA tabs: arrow keys, Home and End move between tabs and select them. */
export function Tabs<T extends string>({ items, value, onChange, label, panelId, className = '' }: TabsProps<T>) {
  const baseId = useId()
  const refs = useRef<(HTMLButtonElement | null)[]>([])

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = items.findIndex((item) => item.value === value)
    let next = index
    if (event.key === 'ArrowRight') next = (index + 1) % items.length
    else if (event.key === 'ArrowLeft') next = (index - 1 + items.length) % items.length
    else if (event.key === 'Home') next = 0
    else if (event.key === 'End') next = items.length - 1
    else return
    event.preventDefault()
    onChange(items[next].value)
    refs.current[next]?.focus()
  }

  return (
    // Roving focus: the selected tab is in the tab order and the arrow keys move between tabs.
    // eslint-disable-next-line jsx-a11y/interactive-supports-focus
    <div role="tablist" aria-label={label} className={`tabs tabs-box ${className}`} onKeyDown={onKeyDown}>
      {items.map((item, i) => {
        const selected = item.value === value
        return (
          <button
            key={item.value}
            ref={(el) => {
              refs.current[i] = el
            }}
            type="button"
            role="tab"
            id={panelId ? `${panelId(item.value)}-tab` : `${baseId}-${item.value}`}
            aria-selected={selected}
            aria-controls={selected ? panelId?.(item.value) : undefined}
            tabIndex={selected ? 0 : -1}
            className={`tab flex-1 whitespace-nowrap ${selected ? 'tab-active font-semibold' : 'text-base-content/80 hover:text-base-content'}`}
            onClick={() => onChange(item.value)}
          >
            {item.label}
          </button>
        )
      })}
    </div>
  )
}

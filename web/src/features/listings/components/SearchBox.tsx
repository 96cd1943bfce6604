import { useEffect, useRef, useState } from 'react'
import { SearchIcon } from '@/components/ui/icons'

const SEARCH_DEBOUNCE_MS = 300

interface SearchBoxProps {
  value: string
  onChange: (value: string) => void
  delay?: number
}

/** Keyword search: the input answers at once, the list (and URL) follow after a pause in typing. */
export function SearchBox({ value, onChange, delay = SEARCH_DEBOUNCE_MS }: SearchBoxProps) {
  const [text, setText] = useState(value)
  const [lastValue, setLastValue] = useState(value)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)

  // The URL changed from outside (back button, shared link): show what it says.
  if (value !== lastValue) {
    setLastValue(value)
    setText(value)
  }

  useEffect(() => () => clearTimeout(timer.current), [])

  return (
    <label className="input w-full">
      <SearchIcon className="size-4 opacity-70" />
      <span className="sr-only">Search listings</span>
      <input
        type="search"
        placeholder="Search by keyword..."
        value={text}
        onChange={(event) => {
          const next = event.target.value
          setText(next)
          clearTimeout(timer.current)
          timer.current = setTimeout(() => onChange(next), delay)
        }}
      />
    </label>
  )
}

import { useState } from 'react'
import { Button } from './Button'
import { CheckIcon } from './icons'

/**
 * Copies `text` to the clipboard; says "Copied" for a moment (announced to screen readers). Where
 * the clipboard is refused (an insecure page), the text stays shown beside it to copy by hand.
 */
export function CopyButton({
  text,
  label = 'Copy',
  copiedLabel = 'Copied',
  name,
}: {
  text: string
  label?: string
  copiedLabel?: string
  name?: string
}) {
  const [copied, setCopied] = useState(false)
  return (
    <Button
      size="sm"
      variant="outline"
      aria-label={name}
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(
          () => {
            setCopied(true)
            setTimeout(() => setCopied(false), 2000)
          },
          () => undefined,
        )
      }}
    >
      {copied && <CheckIcon className="size-4" />}
      <span aria-live="polite">{copied ? copiedLabel : label}</span>
    </Button>
  )
}

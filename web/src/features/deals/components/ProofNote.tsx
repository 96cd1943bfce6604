import { ExternalLinkIcon } from '@/components/ui/icons'

/** A deliverable's proof in words: its note, then its link (opened in a new tab); nothing without either. */
export function ProofNote({ text, link, className = '' }: { text: string; link: string; className?: string }) {
  if (!text && !link) return null
  return (
    <p className={`break-words whitespace-pre-line ${className}`}>
      {text}
      {link && (
        <>
          {text ? ' ' : ''}
          <a href={link} target="_blank" rel="noopener noreferrer nofollow" className="link link-primary">
            Proof link <ExternalLinkIcon className="inline size-3" />
          </a>
        </>
      )}
    </p>
  )
}

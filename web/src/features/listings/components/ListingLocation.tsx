import { MapPinIcon } from '@/components/ui/icons'
import { mapsSearchUrl } from '@/lib/maps'

export function ListingLocation({ location, linkLabel }: { location: string; linkLabel?: string }) {
  if (!location) return null
  return (
    <a
      href={mapsSearchUrl(location)}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex max-w-full items-center gap-1 text-sm text-base-content/80 hover:text-primary hover:underline"
      onClick={(e) => e.stopPropagation()}
    >
      <MapPinIcon className="size-4 shrink-0" />
      <span className="truncate">{linkLabel ?? location}</span>
      <span className="sr-only">(opens Google Maps in a new tab)</span>
    </a>
  )
}

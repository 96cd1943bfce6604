import { dealPictureUrl } from '@/lib/deal-pictures'

/**
 * A picture of the deal, small (160 px tall, as wide as it is), a link to the whole picture in a new
 * tab. Its box is 160 px tall before it loads too, so nothing below it moves.
 */
export function DealPicture({ dealId, pictureId, alt }: { dealId: string; pictureId: string; alt: string }) {
  const url = dealPictureUrl(dealId, pictureId)
  return (
    <a href={url} target="_blank" rel="noopener" className="block w-fit max-w-full rounded-box" data-testid="deal-picture">
      <img
        src={url}
        alt={alt}
        loading="lazy"
        decoding="async"
        width={213}
        height={160}
        className="h-40 w-auto max-w-full rounded-box border border-base-300 bg-base-200 object-cover"
      />
    </a>
  )
}

/**
 * A deal's pictures (docs/api/deals.md, "Pictures"): a proof's, or an update's read through the
 * reader's own deal. The session cookie opens them, so a plain <img src> shows them.
 */
export function dealPictureUrl(dealId: string, pictureId: string): string {
  return `/api/deals/${encodeURIComponent(dealId)}/pictures/${encodeURIComponent(pictureId)}`
}

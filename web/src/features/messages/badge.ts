/** An unread count as the badge shows it: "99+" past 99. */
export function badgeCount(n: number): string {
  return n > 99 ? '99+' : String(n)
}

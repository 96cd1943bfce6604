const profileUrls: Record<string, (handle: string) => string> = {
  twitter: (h) => `https://x.com/${h}`,
  x: (h) => `https://x.com/${h}`,
  instagram: (h) => `https://www.instagram.com/${h}`,
  linkedin: (h) => `https://www.linkedin.com/in/${h}`,
  facebook: (h) => `https://www.facebook.com/${h}`,
  youtube: (h) => `https://www.youtube.com/@${h}`,
  github: (h) => `https://github.com/${h}`,
}

/** A link to the member's page on a known platform; undefined for platforms we don't know. */
export function socialProfileUrl(platform: string, username: string): string | undefined {
  if (platform.toLowerCase() === 'website') return /^https?:\/\//i.test(username) ? username : undefined
  const handle = encodeURIComponent(username.replace(/^@/, ''))
  return profileUrls[platform.toLowerCase()]?.(handle)
}

export function platformLabel(platform: string): string {
  const p = platform.toLowerCase()
  if (p === 'twitter' || p === 'x') return 'X (Twitter)'
  if (p === 'linkedin') return 'LinkedIn'
  if (p === 'youtube') return 'YouTube'
  if (p === 'github') return 'GitHub'
  return platform.charAt(0).toUpperCase() + platform.slice(1)
}

/** The avatar image, else the first letter of the display name, else 'U'. */
export function avatarInitial(name?: string): string {
  const letter = name?.trim().charAt(0)
  return letter ? letter.toUpperCase() : 'U'
}

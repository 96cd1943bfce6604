import { describe, expect, it } from 'vitest'
import { avatarFileError, passwordSchema, profileSchema } from './schemas'

const issues = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues.map((i) => i.message) ?? []

describe('settings schemas', () => {
  it('mirrors the server rules for the profile', () => {
    expect(profileSchema.safeParse({ displayName: 'Ana', bio: '', socialMedia: [{ platform: 'github', username: 'ana' }] }).success).toBe(
      true,
    )
    expect(issues(profileSchema.safeParse({ displayName: ' ', bio: '', socialMedia: [] }))).toContain('Display name is required')
    expect(issues(profileSchema.safeParse({ displayName: 'A', bio: 'x'.repeat(1001), socialMedia: [] }))).toContain(
      'Bio must be at most 1000 characters',
    )
    expect(
      issues(profileSchema.safeParse({ displayName: 'A', bio: '', socialMedia: [{ platform: 'website', username: 'example.com' }] })),
    ).toContain('Website must be an http:// or https:// address')
    expect(
      issues(profileSchema.safeParse({ displayName: 'A', bio: '', socialMedia: [{ platform: 'github', username: 'a b' }] }))[0],
    ).toMatch(/^Usernames may only contain/)
    const twice = [
      { platform: 'github', username: 'ana' },
      { platform: 'github', username: 'ana' },
    ]
    expect(issues(profileSchema.safeParse({ displayName: 'A', bio: '', socialMedia: twice }))).toContain('Each link may appear only once')
  })

  it('checks that the new passwords match', () => {
    expect(issues(passwordSchema.safeParse({ currentPassword: 'old', newPassword: 'secret1', confirmPassword: 'secret2' }))).toContain(
      "Passwords don't match",
    )
    expect(issues(passwordSchema.safeParse({ currentPassword: '', newPassword: '123', confirmPassword: '123' }))).toEqual([
      'Current password is required',
      'Password must be at least 6 characters',
    ])
  })

  it('checks avatar type and size in the browser', () => {
    expect(avatarFileError(new File(['x'], 'a.txt', { type: 'text/plain' }))).toBe('The avatar must be a JPEG, PNG, GIF or WebP image')
    expect(avatarFileError(new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'a.png', { type: 'image/png' }))).toBe(
      'The image must be at most 2 MB',
    )
    expect(avatarFileError(new File(['x'], 'a.png', { type: 'image/png' }))).toBeUndefined()
  })
})

import { describe, expect, it } from 'vitest'
import { returnPath } from './paths'

describe('returnPath (where signing in or registering returns to)', () => {
  it('follows a path of this app, query included', () => {
    expect(returnPath('/listings/requests/abc123')).toBe('/listings/requests/abc123')
    expect(returnPath('/home?tab=requests&q=robotics')).toBe('/home?tab=requests&q=robotics')
  })

  it('never leaves the site', () => {
    for (const hostile of ['//evil.example/x', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)', 'listings/x']) {
      expect(returnPath(hostile)).toBe('/home')
    }
  })

  it('goes home from the auth screen itself, the landing page or without a way back', () => {
    for (const from of ['/auth', '/auth?tab=register', '/', undefined, null, 42, { pathname: '/x' }]) {
      expect(returnPath(from)).toBe('/home')
    }
  })
})

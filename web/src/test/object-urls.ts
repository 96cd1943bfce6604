import { afterEach, beforeEach, vi } from 'vitest'

/**
 * Numbered object URLs (blob:preview-1, -2, …) for the tests of one describe block or file, the real
 * ones put back after each (jsdom makes none). Answers the mocks, to see what was revoked.
 */
export function stubObjectUrls() {
  const real = { create: URL.createObjectURL, revoke: URL.revokeObjectURL }
  const mocks = { create: vi.fn<(obj: Blob) => string>(), revoke: vi.fn<(url: string) => void>() }
  beforeEach(() => {
    let n = 0
    mocks.create.mockReset().mockImplementation(() => `blob:preview-${++n}`)
    mocks.revoke.mockReset()
    URL.createObjectURL = mocks.create
    URL.revokeObjectURL = mocks.revoke
  })
  afterEach(() => {
    URL.createObjectURL = real.create
    URL.revokeObjectURL = real.revoke
  })
  return mocks
}

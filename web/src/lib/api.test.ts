import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError, NETWORK_ERROR_MESSAGE, api, buildUrl, callWithHeaders, routePath } from './api'
import { json, mockFetch } from '@/test/fetch-mock'

afterEach(() => vi.unstubAllGlobals())

describe('api', () => {
  it('sends credentials and no content type without a body', async () => {
    const { calls } = mockFetch({ 'GET /api/user': () => json({ id: 'u1' }) })
    await api('GET /api/user')
    expect(calls[0].init.credentials).toBe('include')
    expect(calls[0].init.headers).toBeUndefined()
    expect(calls[0].init.body).toBeUndefined()
  })

  it('sends JSON with a content type when there is a body', async () => {
    const { calls } = mockFetch({ 'POST /api/login': () => json({ id: 'u1' }) })
    await api('POST /api/login', { body: { username: 'a', password: 'b' } })
    expect(calls[0].init.credentials).toBe('include')
    expect(calls[0].init.headers).toEqual({ 'Content-Type': 'application/json' })
    expect(calls[0].body).toEqual({ username: 'a', password: 'b' })
  })

  it('carries status, message and field messages of a PocketBase error', async () => {
    mockFetch({
      'POST /api/register': () =>
        json(
          { status: 400, message: 'Failed to register.', data: { username: { code: 'taken', message: 'Username is already taken' } } },
          400,
        ),
    })
    const error = await api('POST /api/register', { body: { displayName: 'Ann', username: 'taken', password: 'secret-pass' } }).catch(
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 400, message: 'Failed to register.', fieldErrors: { username: 'Username is already taken' } })
  })

  it('falls back to "status: body" for non-JSON errors', async () => {
    mockFetch({ 'GET /api/unread': () => new Response('Bad gateway', { status: 502, statusText: 'Bad Gateway' }) })
    await expect(api('GET /api/unread')).rejects.toMatchObject({ status: 502, message: '502: Bad gateway' })
  })

  it('reports network failures with the spec message', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')))
    await expect(api('GET /api/unread')).rejects.toMatchObject({ status: 0, message: NETWORK_ERROR_MESSAGE })
  })

  it('answers undefined for 204 and exposes headers', async () => {
    mockFetch({ 'POST /api/logout': () => new Response(null, { status: 204 }) })
    await expect(api('POST /api/logout')).resolves.toBeUndefined()
    mockFetch({ 'GET /api/sponsorships': () => json([], 200, { 'X-Request-Id': 'r1' }) })
    const result = await callWithHeaders('GET /api/sponsorships')
    expect(result.headers.get('X-Request-Id')).toBe('r1')
  })

  it('fills the path of a route with its values, each escaped', async () => {
    expect(routePath('POST /api/deals/{id}/deliverables/{item}/done', { id: 'd 1', item: 'a/b' })).toEqual({
      method: 'POST',
      path: '/api/deals/d%201/deliverables/a%2Fb/done',
    })
    const { calls } = mockFetch({ 'PATCH /api/saved-searches/s1': () => json({ id: 's1' }) })
    await api('PATCH /api/saved-searches/{id}', { params: { id: 's1' }, body: { paused: true } })
    expect(calls[0].init.method).toBe('PATCH')
    expect(calls[0].body).toEqual({ paused: true })
    expect(() => routePath('GET /api/deals/{id}')).toThrow('GET /api/deals/{id}: no value for {id}')
  })

  it('builds query strings without empty values', () => {
    expect(buildUrl('/api/s', { q: 'a b', min: 0, max: undefined, loc: '', x: null })).toBe('/api/s?q=a+b&min=0')
    expect(buildUrl('/api/s', {})).toBe('/api/s')
  })
})

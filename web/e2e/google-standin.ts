import { createHash, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

const STANDIN_CLIENT = { id: 'e2e-client.apps.googleusercontent.com', secret: 'e2e-secret' }

interface StandinAccount {
  sub: string
  email: string
  name: string
  picture: string
}

interface Grant {
  challenge: string
  redirectUri: string
  account: StandinAccount
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = ''
    req.on('data', (chunk) => (body += chunk))
    req.on('end', () => resolve(body))
  })
}

/**
 * A tiny stand-in for Google's side of the authorization-code flow (authorization page with an
 * account chooser, token endpoint with PKCE S256, userinfo), on 127.0.0.1 for one test file.
 */
export async function startGoogleStandin(account: StandinAccount) {
  const grants = new Map<string, Grant>()
  const tokens = new Map<string, StandinAccount>()

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' })
      res.end(JSON.stringify(body))
    }
    if (req.method === 'GET' && url.pathname === '/auth') {
      const q = url.searchParams
      const ok =
        q.get('client_id') === STANDIN_CLIENT.id &&
        q.get('response_type') === 'code' &&
        q.get('code_challenge_method') === 'S256' &&
        q.get('prompt') === 'select_account' &&
        q.get('state')
      if (!ok) return json(400, { error: 'invalid_request' })
      const code = `code-${randomBytes(8).toString('hex')}`
      const redirectUri = q.get('redirect_uri') ?? ''
      grants.set(code, { challenge: q.get('code_challenge') ?? '', redirectUri, account })
      const back = (params: Record<string, string>) => `${redirectUri}?${new URLSearchParams({ ...params, state: q.get('state') ?? '' })}`
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
      res.end(`<!doctype html><html lang="en"><title>Choose an account</title><h1>Choose an account</h1>
        <a href="${escape(back({ code }))}">Continue as ${escape(account.name)}</a>
        <a href="${escape(back({ error: 'access_denied' }))}">Cancel</a></html>`)
      return
    }
    if (req.method === 'POST' && url.pathname === '/token') {
      const form = new URLSearchParams(await readBody(req))
      const basic = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64')
        .toString()
        .split(':')
      const [id, secret] = basic.length === 2 ? basic.map(decodeURIComponent) : [form.get('client_id'), form.get('client_secret')]
      if (id !== STANDIN_CLIENT.id || secret !== STANDIN_CLIENT.secret) return json(401, { error: 'invalid_client' })
      const code = form.get('code') ?? ''
      const grant = grants.get(code)
      grants.delete(code) // a code works once
      const challenge = createHash('sha256')
        .update(form.get('code_verifier') ?? '')
        .digest('base64url')
      if (!grant || grant.challenge !== challenge || grant.redirectUri !== form.get('redirect_uri'))
        return json(400, { error: 'invalid_grant' })
      const access = `at-${randomBytes(8).toString('hex')}`
      tokens.set(access, grant.account)
      return json(200, { access_token: access, token_type: 'Bearer', expires_in: 3599 })
    }
    if (req.method === 'GET' && url.pathname === '/userinfo') {
      const who = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''))
      if (!who) return json(401, { error: 'invalid_token' })
      return json(200, { sub: who.sub, email: who.email, email_verified: true, name: who.name, picture: who.picture })
    }
    json(404, { error: 'not_found' })
  })

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    origin,
    env: {
      GOOGLE_CLIENT_ID: STANDIN_CLIENT.id,
      GOOGLE_CLIENT_SECRET: STANDIN_CLIENT.secret,
      GOOGLE_AUTH_URL: `${origin}/auth`,
      GOOGLE_TOKEN_URL: `${origin}/token`,
      GOOGLE_USERINFO_URL: `${origin}/userinfo`,
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

interface Mail {
  to: string[]
  subject: string
  text: string
}

/**
 * The newest sign-in code mailed to `to`, read from the server's development mailbox
 * (`<dataDir>/mailbox/*.json`, docs/configuration.md). There is deliberately no HTTP route for it.
 */
export async function readCode(to: string, { timeoutMs = 5000, dataDir = process.env.E2E_DATA_DIR, after = '' } = {}): Promise<string> {
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (e2e/global-setup.ts sets it)')
  const dir = join(dataDir, 'mailbox')
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    let files: string[] = []
    try {
      files = readdirSync(dir)
        .filter((f) => f.endsWith('.json') && f > after)
        .sort()
        .reverse()
    } catch {
      // no mail yet
    }
    for (const file of files) {
      const mail = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Mail
      if (!mail.to.some((a) => a.toLowerCase() === to.toLowerCase())) continue
      const code = /\b(\d{6})\b/.exec(mail.text)?.[1]
      if (code) return code
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`no mail to ${to} in ${dir}`)
}

export interface MailboxMessage extends Mail {
  html: string
  headers?: Record<string, string>
}

/** The newest mail to `to` whose subject equals `subject`, waiting for it to arrive. */
export async function readMail(
  to: string,
  subject: string,
  { timeoutMs = 10_000, dataDir = process.env.E2E_DATA_DIR } = {},
): Promise<MailboxMessage> {
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (e2e/global-setup.ts sets it)')
  const dir = join(dataDir, 'mailbox')
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    let files: string[] = []
    try {
      files = readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .sort()
        .reverse()
    } catch {
      // no mail yet
    }
    for (const file of files) {
      const mail = JSON.parse(readFileSync(join(dir, file), 'utf8')) as MailboxMessage
      if (mail.subject === subject && mail.to.some((a) => a.toLowerCase() === to.toLowerCase())) return mail
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`no mail "${subject}" to ${to} in ${dir}`)
}

/**
 * The code of the newest mail to `to` whose subject starts with `subjectPrefix` (the app's code
 * mails end their subject with the code): tells a password reset code from a confirmation code.
 */
export async function readCodeOf(
  to: string,
  subjectPrefix: string,
  { timeoutMs = 10_000, dataDir = process.env.E2E_DATA_DIR } = {},
): Promise<string> {
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (e2e/global-setup.ts sets it)')
  const dir = join(dataDir, 'mailbox')
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    let files: string[] = []
    try {
      files = readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .sort()
        .reverse()
    } catch {
      // no mail yet
    }
    for (const file of files) {
      const mail = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Mail
      if (!mail.subject.startsWith(subjectPrefix) || !mail.to.some((a) => a.toLowerCase() === to.toLowerCase())) continue
      const code = /^\d{4,12}$/.exec(mail.subject.slice(subjectPrefix.length))?.[0]
      if (code) return code
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`no mail "${subjectPrefix}…" to ${to} in ${dir}`)
}

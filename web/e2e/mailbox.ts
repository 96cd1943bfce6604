import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { dataDir as serverDataDir } from './test'

interface Mail {
  to: string[]
  subject: string
  text: string
}

interface MailboxMessage extends Mail {
  html: string
  headers?: Record<string, string>
}

interface Wait {
  timeoutMs?: number
  dataDir?: string
  /** Only files whose names sort after this one (the mailbox names files by time). */
  after?: string
}

/**
 * The first answer `pick` gives for the mails to `to`, newest first, read from the server's
 * development mailbox (`<dataDir>/mailbox/*.json`, docs/configuration.md) of this worker's server by default, waiting for it to
 * arrive. There is deliberately no HTTP route for it.
 */
async function findMail<T>(to: string, pick: (mail: MailboxMessage) => T | undefined, what: string, wait: Wait): Promise<T> {
  const { timeoutMs = 10_000, dataDir = serverDataDir(), after = '' } = wait
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
      const mail = JSON.parse(readFileSync(join(dir, file), 'utf8')) as MailboxMessage
      if (!mail.to.some((a) => a.toLowerCase() === to.toLowerCase())) continue
      const found = pick(mail)
      if (found !== undefined) return found
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`no mail ${what}to ${to} in ${dir}`)
}

/** The newest sign-in code mailed to `to`. */
export function readCode(to: string, { timeoutMs = 5000, dataDir = serverDataDir(), after = '' } = {}): Promise<string> {
  return findMail(to, (mail) => /\b(\d{8})\b/.exec(mail.text)?.[1], '', { timeoutMs, dataDir, after })
}

/** The newest mail to `to` whose subject equals `subject`. */
export function readMail(to: string, subject: string, wait: Wait = {}): Promise<MailboxMessage> {
  return findMail(to, (mail) => (mail.subject === subject ? mail : undefined), `"${subject}" `, wait)
}

/**
 * The code of the newest mail to `to` whose subject starts with `subjectPrefix` (the app's code
 * mails end their subject with the code): tells a password reset code from a confirmation code.
 */
export function readCodeOf(to: string, subjectPrefix: string, wait: Wait = {}): Promise<string> {
  return findMail(
    to,
    (mail) => (mail.subject.startsWith(subjectPrefix) ? /^\d{4,12}$/.exec(mail.subject.slice(subjectPrefix.length))?.[0] : undefined),
    `"${subjectPrefix}…" `,
    wait,
  )
}

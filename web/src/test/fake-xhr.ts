import { vi } from 'vitest'

/** One request sent through the fake XMLHttpRequest: the test reports progress and answers it. */
interface FakeUpload {
  method: string
  url: string
  body: FormData
  progress(loaded: number, total: number): void
  answer(status: number, body: unknown): void
  aborted: boolean
}

/** Replaces XMLHttpRequest (uploads with progress, lib/api.ts upload) with one the test drives; answers the requests sent. */
export function mockXhr(): FakeUpload[] {
  const sent: FakeUpload[] = []
  class FakeXhr {
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null }
    onload: (() => void) | null = null
    onerror: (() => void) | null = null
    onabort: (() => void) | null = null
    withCredentials = false
    status = 0
    statusText = ''
    responseText = ''
    private method = ''
    private url = ''
    open(method: string, url: string) {
      this.method = method
      this.url = url
    }
    send(body: FormData) {
      const record: FakeUpload = {
        method: this.method,
        url: this.url,
        body,
        aborted: false,
        progress: (loaded, total) => this.upload.onprogress?.({ lengthComputable: true, loaded, total }),
        answer: (status, answer) => {
          this.status = status
          this.responseText = JSON.stringify(answer)
          this.onload?.()
        },
      }
      sent.push(record)
      this.abortRecord = record
    }
    private abortRecord: FakeUpload | null = null
    abort() {
      if (this.abortRecord) this.abortRecord.aborted = true
      this.onabort?.()
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr)
  return sent
}

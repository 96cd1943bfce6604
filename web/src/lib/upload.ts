/**
 * Uploads with their progress, kept out of lib/api.ts: that module is in every page's first chunk, and
 * only the forms that attach files need this.
 */
import { ApiError, errorFrom, NETWORK_ERROR_MESSAGE, routePath } from './api'
import type { ApiAnswer, ApiRoute } from './api-types.gen'

/**
 * Sends a multipart form to a route of the table, reporting the upload's progress (0 to 1) as it goes:
 * fetch cannot tell how much of a body has been sent, XMLHttpRequest can. Answers and errors as api().
 */
export function upload<R extends ApiRoute>(
  route: R,
  options: { params?: Record<string, string>; form: FormData; onProgress?: (fraction: number) => void; signal?: AbortSignal },
): Promise<ApiAnswer<R>> {
  const { method, path } = routePath(route, options.params)
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open(method, path)
    xhr.withCredentials = true
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) options.onProgress?.(e.loaded / e.total)
    }
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        options.onProgress?.(1)
        resolve((xhr.responseText ? JSON.parse(xhr.responseText) : undefined) as ApiAnswer<R>)
        return
      }
      void errorFrom(new Response(xhr.responseText, { status: xhr.status, statusText: xhr.statusText })).then(reject)
    }
    xhr.onerror = () => reject(new ApiError(0, NETWORK_ERROR_MESSAGE))
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'))
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true })
    xhr.send(options.form)
  })
}

import { createHmac, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'

/** The test's Razorpay account: made up, valid only against the stand-ins below. */
export const RZP = {
  keyId: 'rzp_test_e2e',
  keySecret: `e2e-key-${randomBytes(12).toString('hex')}`,
  webhookSecret: `e2e-hook-${randomBytes(12).toString('hex')}`,
}

interface ReceivedOrder {
  amount: number
  currency: string
  receipt: string
  notes: Record<string, string>
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = ''
    req.on('data', (chunk) => (body += chunk))
    req.on('end', () => resolve(body))
  })
}

/**
 * A stand-in for Razorpay's REST API on 127.0.0.1: `POST /v1/orders` with HTTP basic auth, answered
 * as Razorpay answers. Every accepted order body is kept in `orders` for the test to check.
 */
export async function startRazorpayApi() {
  const orders: (ReceivedOrder & { id: string })[] = []
  const server = createServer(async (req, res) => {
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' })
      res.end(JSON.stringify(body))
    }
    const fail = (status: number, description: string) =>
      json(status, { error: { code: 'BAD_REQUEST_ERROR', description, source: 'NA', step: 'NA', reason: 'NA', metadata: {} } })
    if (req.method !== 'POST' || req.url !== '/v1/orders') return fail(404, 'The requested URL was not found on the server.')
    const [id, secret] = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64')
      .toString()
      .split(':')
    if (id !== RZP.keyId || secret !== RZP.keySecret) return fail(401, 'Authentication failed')
    let body: ReceivedOrder
    try {
      body = JSON.parse(await readBody(req))
    } catch {
      return fail(400, 'The request body is not valid JSON')
    }
    if (!Number.isInteger(body.amount) || body.amount < 100) return fail(400, 'The amount must be atleast INR 1.00')
    if (body.currency !== 'INR') return fail(400, 'Currency is not supported')
    const order = {
      id: `order_e2e${randomBytes(7).toString('hex')}`,
      entity: 'order',
      amount: body.amount,
      amount_paid: 0,
      amount_due: body.amount,
      currency: body.currency,
      receipt: body.receipt,
      offer_id: null,
      status: 'created',
      attempts: 0,
      notes: body.notes ?? [],
      created_at: Math.floor(Date.now() / 1000),
    }
    orders.push({ ...body, id: order.id })
    json(200, order)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    orders,
    env: {
      RAZORPAY_KEY_ID: RZP.keyId,
      RAZORPAY_KEY_SECRET: RZP.keySecret,
      RAZORPAY_WEBHOOK_SECRET: RZP.webhookSecret,
      RAZORPAY_API_BASE: origin,
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** Hex HMAC-SHA256, as Razorpay signs webhooks (over the raw body). */
export const hmacHex = (secret: string, data: string) => createHmac('sha256', secret).update(data).digest('hex')

/**
 * The text served for https://checkout.razorpay.com/v1/checkout.js: `window.Razorpay` with the
 * surface of the real Checkout (`new Razorpay(options)`, `.on('payment.failed', cb)`, `.open()`,
 * `.close()`). Like the real one, `open()` appends its own window to <body>. Pay signs
 * `order_id|payment_id` with `signingSecret` in the page (crypto.subtle), as Razorpay does with the
 * key secret; Fail answers Razorpay's error shape and stays open; Close calls `modal.ondismiss`.
 * The options the app passed (functions left out) are kept in `window.__rzpOptions`.
 */
export function checkoutScript(signingSecret: string): string {
  return `(() => {
  const SECRET = ${JSON.stringify(signingSecret)};
  const hex = (buf) => Array.from(new Uint8Array(buf), (b) => b.toString(16).padStart(2, '0')).join('');
  async function sign(message) {
    const enc = new TextEncoder();
    const key = await crypto.subtle.importKey('raw', enc.encode(SECRET), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    return hex(await crypto.subtle.sign('HMAC', key, enc.encode(message)));
  }
  class Razorpay {
    constructor(options) {
      this.options = options;
      this.listeners = {};
      this.frame = null;
      window.__rzpOptions = JSON.parse(JSON.stringify(options));
      window.__rzpCreated = (window.__rzpCreated || 0) + 1;
    }
    on(event, callback) { (this.listeners[event] = this.listeners[event] || []).push(callback); }
    open() {
      if (this.frame) return;
      const o = this.options;
      const frame = document.createElement('div');
      frame.className = 'razorpay-container';
      frame.setAttribute('role', 'dialog');
      frame.setAttribute('aria-label', 'Razorpay Checkout');
      frame.style.cssText = 'position:fixed;inset:0;z-index:2147483647;background:rgba(0,0,0,.6);display:flex;align-items:center;justify-content:center';
      const box = document.createElement('div');
      box.style.cssText = 'background:#fff;color:#111;padding:24px;border-radius:8px;min-width:280px;font:16px sans-serif';
      const title = document.createElement('p');
      title.textContent = o.name + ' — ' + o.description + ' — ₹' + (o.amount / 100);
      box.appendChild(title);
      const button = (label, onClick) => {
        const b = document.createElement('button');
        b.type = 'button';
        b.textContent = label;
        b.style.cssText = 'margin:12px 8px 0 0;padding:8px 16px;border:1px solid #333;background:#eee;color:#111';
        b.addEventListener('click', onClick);
        box.appendChild(b);
      };
      button('Pay', async () => {
        const paymentId = 'pay_e2e' + Math.random().toString(36).slice(2, 12);
        const signature = await sign(o.order_id + '|' + paymentId);
        this.close();
        o.handler({ razorpay_payment_id: paymentId, razorpay_order_id: o.order_id, razorpay_signature: signature });
      });
      button('Fail', () => {
        const paymentId = 'pay_e2e' + Math.random().toString(36).slice(2, 12);
        const error = { code: 'BAD_REQUEST_ERROR', description: 'Your payment has been declined by the bank (e2e).',
          source: 'bank', step: 'payment_authorization', reason: 'payment_failed',
          metadata: { order_id: o.order_id, payment_id: paymentId } };
        for (const cb of this.listeners['payment.failed'] || []) cb({ error });
      });
      button('Close', () => {
        this.close();
        if (o.modal && o.modal.ondismiss) o.modal.ondismiss();
      });
      frame.appendChild(box);
      document.body.appendChild(frame);
      this.frame = frame;
    }
    close() {
      if (this.frame) this.frame.remove();
      this.frame = null;
    }
  }
  window.Razorpay = Razorpay;
})();`
}

import { afterEach, describe, expect, it } from 'vitest'
import { CHECKOUT_SCRIPT_URL, loadCheckout, resetCheckoutForTests, type CheckoutConstructor } from './checkout'
import { SandboxCheckout } from './sandbox-checkout'

const scripts = () => document.querySelectorAll(`script[src="${CHECKOUT_SCRIPT_URL}"]`)

afterEach(() => {
  resetCheckoutForTests()
  delete window.Razorpay
  scripts().forEach((s) => s.remove())
})

describe('loadCheckout', () => {
  it('sandbox mode resolves to the in-app stand-in and never loads checkout.js', async () => {
    await expect(loadCheckout('sandbox')).resolves.toBe(SandboxCheckout)
    expect(scripts()).toHaveLength(0)
  })

  it('live mode injects checkout.js once and resolves to window.Razorpay', async () => {
    const first = loadCheckout('live')
    const second = loadCheckout('live')
    expect(scripts()).toHaveLength(1)
    expect((scripts()[0] as HTMLScriptElement).async).toBe(true)
    const Razorpay = class {} as unknown as CheckoutConstructor
    window.Razorpay = Razorpay
    scripts()[0].dispatchEvent(new Event('load'))
    await expect(first).resolves.toBe(Razorpay)
    await expect(second).resolves.toBe(Razorpay)
    expect(scripts()).toHaveLength(1)
  })

  it('live mode rejects when the script fails, and tries again next time', async () => {
    const first = loadCheckout('live')
    scripts()[0].dispatchEvent(new Event('error'))
    await expect(first).rejects.toThrow()
    expect(scripts()).toHaveLength(0)
    void loadCheckout('live').catch(() => {})
    expect(scripts()).toHaveLength(1)
  })
})

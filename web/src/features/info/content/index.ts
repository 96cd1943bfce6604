import { aboutUs } from './about-us'
import { contactUs } from './contact-us'
import { pricingPolicy } from './pricing-policy'
import { privacyPolicy } from './privacy-policy'
import { refundPolicy } from './refund-policy'
import { shippingPolicy } from './shipping-policy'
import { termsConditions } from './terms-conditions'
import type { InfoDocument } from './types'

export const infoDocuments: Record<string, InfoDocument> = {
  'privacy-policy': privacyPolicy,
  'terms-conditions': termsConditions,
  'refund-policy': refundPolicy,
  'pricing-policy': pricingPolicy,
  'shipping-policy': shippingPolicy,
  'about-us': aboutUs,
  'contact-us': contactUs,
}

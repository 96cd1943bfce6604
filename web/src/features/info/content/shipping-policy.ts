import { POLICY_DATE, SUPPORT_EMAIL, type InfoDocument } from './types'

export const shippingPolicy: InfoDocument = {
  title: 'Shipping Policy',
  updated: POLICY_DATE,
  intro: 'SponsorBridge sells digital subscriptions only. Nothing is shipped to a physical address.',
  sections: [
    {
      heading: 'Delivery of your subscription',
      paragraphs: [
        'Your subscription is delivered online, to your SponsorBridge account. It is activated as soon as the payment is confirmed, normally within a few seconds, and you can post right away.',
      ],
    },
    {
      heading: 'If activation is delayed',
      paragraphs: [
        `If your payment went through but your plan does not show as active on the Subscription page within 30 minutes, write to ${SUPPORT_EMAIL} with your order ID. If we cannot activate it, the payment is refunded in full as described in the Refund Policy.`,
      ],
    },
    {
      heading: 'Shipping charges',
      paragraphs: ['There are no shipping or delivery charges.'],
    },
  ],
}

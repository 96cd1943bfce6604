import { POLICY_DATE, SUPPORT_EMAIL, type InfoDocument } from './types'

export const refundPolicy: InfoDocument = {
  title: 'Refund Policy',
  updated: POLICY_DATE,
  intro:
    'SponsorBridge subscriptions (1 Month Plan ₹400, 3 Month Plan ₹900, 6 Month Plan ₹1,500) are paid once in advance. This page explains when you can get your money back.',
  sections: [
    {
      heading: 'Full refund within 7 days',
      paragraphs: ['If you have not posted any listing since buying a plan, you can ask for a full refund within 7 days of the payment.'],
    },
    {
      heading: 'After you have posted, or after 7 days',
      paragraphs: [
        'Once you have posted a listing with a plan, or more than 7 days have passed, the plan is not refundable. It stays active until its expiry date. Plans do not renew automatically, so you will never be charged again without buying a new plan.',
      ],
    },
    {
      heading: 'Failed and duplicate payments',
      paragraphs: [
        'If money left your account but your subscription was not activated, or you were charged twice for the same order, we refund the extra payment in full. You do not need to ask: these are refunded automatically once we see them, and you can also write to us with the order ID.',
      ],
    },
    {
      heading: 'How to ask',
      paragraphs: [
        `Write to ${SUPPORT_EMAIL} from the e-mail address on your account (or tell us your username), with the order ID shown on your Subscription page. We answer within 2 business days.`,
      ],
    },
    {
      heading: 'When the money arrives',
      paragraphs: [
        'Approved refunds are sent back through Razorpay to the card, UPI account or bank account you paid with. Banks usually credit them within 5 to 7 business days.',
      ],
    },
    {
      heading: 'Sponsorship money',
      paragraphs: [
        'SponsorBridge never handles money paid between sponsors and members. Questions about a sponsorship payment must be settled between the members involved.',
      ],
    },
  ],
}

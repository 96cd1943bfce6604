import { POLICY_DATE, type InfoDocument } from './types'

export const pricingPolicy: InfoDocument = {
  title: 'Pricing Policy',
  updated: POLICY_DATE,
  intro:
    'Browsing listings, applying for sponsorships, sponsoring projects and messaging other members are free. Posting a listing needs an active subscription.',
  sections: [
    {
      heading: 'Plans',
      list: [
        '1 Month Plan: ₹400 for 1 month.',
        '3 Month Plan: ₹900 for 3 months (saves 25% compared with monthly).',
        '6 Month Plan: ₹1,500 for 6 months (saves 38% compared with monthly).',
      ],
      paragraphs: [
        'Every plan includes posting one new listing per day (one every 24 hours), full access to SponsorBridge and priority support; the 6 Month Plan has premium priority support.',
      ],
    },
    {
      heading: 'Paying',
      paragraphs: [
        'Prices are in Indian rupees and are charged once, in advance, through Razorpay (cards, UPI, net banking and wallets). The price you pay is always the one shown on the plan when you buy it.',
      ],
    },
    {
      heading: 'Renewing',
      paragraphs: [
        'Plans do not renew automatically. If you buy a plan while one is still active, its months are added to your current expiry date, so you never lose paid days. If your plan has already ended, the new one starts on the day you pay. When a plan ends, posting stops until you buy a new one; your listings stay published.',
      ],
    },
    {
      heading: 'Price changes',
      paragraphs: [
        'If prices change, the new prices apply only to plans bought after the change. A plan you have already paid for is never repriced.',
      ],
    },
  ],
}

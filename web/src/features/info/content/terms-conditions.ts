import { POLICY_DATE, SUPPORT_EMAIL, type InfoDocument } from './types'

export const termsConditions: InfoDocument = {
  title: 'Terms & Conditions',
  updated: POLICY_DATE,
  intro:
    'These terms apply to everyone who uses SponsorBridge. By creating an account you agree to them. Please read them together with our Privacy, Refund and Pricing policies.',
  sections: [
    {
      heading: 'What SponsorBridge is',
      paragraphs: [
        'SponsorBridge is a marketplace where members post Open Sponsorships (offers of sponsorship money) and Sponsors Required listings (projects asking for funding), and connect directly with each other. SponsorBridge does not hold, transfer or guarantee sponsorship money: any agreement about money is between the members involved.',
      ],
    },
    {
      heading: 'Your account',
      list: [
        'You must be at least 18 years old, or have the consent of a parent or guardian, to create an account.',
        'Keep your password private. You are responsible for what happens under your account.',
        'The verified badge means an administrator has checked the member. It is not a guarantee of any listing.',
      ],
    },
    {
      heading: 'Listings',
      list: [
        'Posting a listing needs an active subscription. Each plan allows one new listing every 24 hours.',
        'Listings must be truthful, lawful and about a real sponsorship offer or project. Amounts are stated in whole US dollars.',
        'Administrators review listings. A listing that breaks these terms is rejected with a reason and hidden from other members.',
        'You can edit or close your own listings at any time.',
      ],
    },
    {
      heading: 'Conduct',
      list: [
        'No spam, harassment, impersonation, or requests for money outside a real sponsorship.',
        'No content that is illegal, hateful, or infringes someone else’s rights.',
        'We may suspend or close accounts that break these rules.',
      ],
    },
    {
      heading: 'Payments',
      paragraphs: [
        'Subscriptions are paid in advance in Indian rupees through Razorpay and do not renew automatically. Refunds follow our Refund Policy.',
      ],
    },
    {
      heading: 'Liability',
      paragraphs: [
        'SponsorBridge is provided as it is. We work to keep it available and secure, but we are not liable for agreements between members, for the outcome of a sponsorship, or for losses caused by events outside our control. Our total liability to you is limited to the amount you paid us in the last six months.',
      ],
    },
    {
      heading: 'Changes and contact',
      paragraphs: [
        `If we change these terms we will show a notice in the app before the change applies. These terms are governed by the laws of India. Questions: ${SUPPORT_EMAIL}.`,
      ],
    },
  ],
}

import { SUPPORT_EMAIL, type InfoDocument } from './types'

export const contactUs: InfoDocument = {
  title: 'Contact Us',
  intro: `We are happy to help. Write to us at ${SUPPORT_EMAIL} and we will answer within 2 business days.`,
  sections: [
    {
      heading: 'What to include',
      list: [
        'Your SponsorBridge username, so we can find your account.',
        'For payment questions: the order ID shown on your Subscription page.',
        'For a listing: its title and the poster’s name.',
      ],
    },
    {
      heading: 'Reporting a problem with a member or listing',
      paragraphs: [
        'If a listing looks misleading or a member behaves badly, write to us with the details. Administrators review every report.',
      ],
    },
  ],
}

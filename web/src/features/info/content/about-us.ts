import { type InfoDocument } from './types'

export const aboutUs: InfoDocument = {
  title: 'About Us',
  intro:
    'SponsorBridge is a community sponsorship marketplace. It connects people seeking funding for projects and initiatives with sponsors who want to support them, and lets them connect directly.',
  sections: [
    {
      heading: 'Why we built it',
      paragraphs: [
        'Student teams, local clubs, artists and community organisers often have great ideas and no way to reach the people and businesses who would fund them. Sponsors, in turn, struggle to find projects that match what they care about. SponsorBridge puts both in one place.',
      ],
    },
    {
      heading: 'How it works',
      list: [
        'Sponsors post Open Sponsorships: an amount, what it is for, and where.',
        'Projects post Sponsors Required listings: what they need, how much, and when the event takes place.',
        'Members browse and filter both lists by keyword, amount, location and category, then apply or sponsor and talk to each other directly.',
      ],
    },
    {
      heading: 'Trust',
      paragraphs: [
        'Administrators review new listings and verify members; verified members carry a badge next to their name. SponsorBridge never holds sponsorship money: members agree on payments between themselves.',
      ],
    },
    {
      heading: 'Fair pricing',
      paragraphs: [
        'Browsing, applying, sponsoring and messaging are free. Posting needs a plan, from ₹400 a month, which keeps the marketplace free of spam and pays for running it.',
      ],
    },
  ],
}

import { POLICY_DATE, SUPPORT_EMAIL, type InfoDocument } from './types'

export const privacyPolicy: InfoDocument = {
  title: 'Privacy Policy',
  updated: POLICY_DATE,
  intro:
    'SponsorBridge connects people seeking funding with sponsors. This policy explains what we collect when you use SponsorBridge, why we need it, who else sees it and how long we keep it.',
  sections: [
    {
      heading: 'What we collect',
      list: [
        'Account details: your username, display name and password. Passwords are stored only as a one-way hash; nobody at SponsorBridge can read them.',
        'Profile details you choose to add: e-mail address, avatar, bio and social media links.',
        'If you sign in with Google: the name, e-mail address and profile photo that Google shares with us. We never see your Google password.',
        'Listings you post (title, description, amount, location, categories, event date) and the messages you exchange with other members.',
        'Subscription and payment records: the plan, amount, order and payment identifiers and their status. Card, UPI and bank details are entered on Razorpay’s checkout and never reach our servers.',
        'Technical data: a session cookie that keeps you signed in, and server logs (IP address, time, page requested) used to keep the service secure.',
      ],
    },
    {
      heading: 'How we use it',
      list: [
        'To run your account and show your profile and listings to other signed-in members.',
        'To let members apply for sponsorships, sponsor projects and message each other.',
        'To activate and renew subscriptions and to answer questions about payments.',
        'To moderate listings, verify members and social links, and prevent abuse such as spam or fraud.',
      ],
      paragraphs: ['We do not sell your data, and we do not use advertising or third-party tracking cookies.'],
    },
    {
      heading: 'Who can see what',
      paragraphs: [
        'Your display name, avatar, bio, verified state, social links, member-since date and your listings are visible to other signed-in members. Your e-mail address, subscription and payment details are visible only to you and to SponsorBridge administrators. Messages are visible only to the two members in the conversation.',
        'We share data with service providers only as far as they need it to do their job: Razorpay processes payments, Google handles Google sign-in, and our hosting provider stores the database.',
      ],
    },
    {
      heading: 'Cookies',
      paragraphs: [
        'SponsorBridge uses one essential cookie to keep you signed in. It cannot be read by scripts on the page and is deleted when you sign out. Your browser’s session storage holds a few display hints (such as your display name) that are cleared when you close the tab.',
      ],
    },
    {
      heading: 'How long we keep it',
      paragraphs: [
        'We keep your account for as long as you use it. When you delete your account, your profile, listings, applications and notifications are deleted at once. What you shared with another member stays with them, shown as from “Deleted member”: the messages they received, and your deals with their history, proof and reviews (also kept for the administrators, who may have to decide a dispute). Payment records are kept for as long as tax and accounting law requires (up to eight years). Server logs are kept for 30 days.',
      ],
    },
    {
      heading: 'Your rights',
      paragraphs: [
        `You can see and correct your details in Settings, and delete your account at any time. To get a copy of your data or to ask a question about privacy, write to ${SUPPORT_EMAIL}. We answer within 30 days.`,
      ],
    },
  ],
}

/** The words of renewing a completed deal (docs/web/sponsoring-and-messages.md, "Deal page", Next time). */
export const renewalTexts = {
  heading: 'Next time',
  sponsorIntro: (name: string) =>
    `Sponsor ${name} again: a new deal opens with this deal’s amount and deliverables proposed, for them to agree.`,
  recipientIntro: (name: string) => `Planning your next event? Invite ${name} to sponsor one of your open requests.`,
  renew: 'Renew',
  renewTitle: (name: string) => `Renew with ${name}`,
  renewDescription:
    'A new deal opens with the same member and listing. This deal’s deliverables are proposed again; due dates move with the event date.',
  amount: 'Amount (USD)',
  eventDate: 'Next event date (optional)',
  eventDateHint: 'Due dates move by as much as the event does; without a date they are cleared.',
  renewSubmit: 'Open the new deal',
  renewed: 'Renewal opened',
  renewedNext: (name: string) => `Check the proposed deliverables: ${name} agrees to them next.`,
  invite: 'Invite to your next request',
  inviteTitle: (name: string) => `Invite ${name} to your next request`,
  inviteDescription: (name: string) => `${name} is notified, with a link to the request, and finds a note in your conversation.`,
  requests: 'Your open requests',
  chooseRequest: 'Choose one of your open requests',
  noRequests: 'You have no open, approved request yet. Post one, then invite them here.',
  postRequest: 'Post a request',
  inviteSubmit: 'Send invitation',
  invited: 'Invitation sent',
  invitedDescription: (name: string, title: string) => `${name} is invited to sponsor “${title}”.`,
  renewalOf: 'Renewal of',
  failed: 'That did not go through',
} as const

/** User-visible strings of the profile's reliability and reviews (docs/web/sponsoring-and-messages.md, "/profile"). */
export const reviewsTexts = {
  heading: 'Reviews',
  loading: 'Loading reviews',
  error: 'Error loading the reviews. Please try again.',
  emptyOwn:
    'No reviews yet. After a deal, you and the other side may review each other: a review shows here once both have written, or 14 days after.',
  empty: 'No reviews yet.',
  on: 'On',
  replyFrom: (name: string) => `Reply from ${name}`,
  hidden: (reason: string) => `Hidden: ${reason}`,
  hide: 'Hide',
  hideTitle: 'Hide this review',
  hideDescription: (author: string) =>
    `${author}’s review leaves this profile and the member’s rating. ${author} is notified and reads your reason.`,
  hideLabel: 'Reason',
  hideRequired: 'Tell the author why the review is hidden',
  hideSubmit: 'Hide review',
  hiddenToast: 'Review hidden',
  failed: 'That did not go through',
  loadMore: 'Load more',
  loadingMore: 'Loading more...',
} as const

export const reliabilityTexts = {
  noReviews: 'No reviews yet',
  noAnswers: 'nothing answered yet',
  answers: (time: string, count: number) => `usually within ${time} (${count} answer${count === 1 ? '' : 's'})`,
  reliable: 'Reliable poster',
  rating: (rating: string, count: string) => `${rating} out of 5 from ${count}`,
  rateDefinition: 'Completion rate: of the deals where the money moved, the share completed. Counted on SponsorBridge as deals happen.',
  answerDefinition: 'Time to answer: the median time they took to answer a message or an application, over their last 50 answers.',
  ratingDefinition:
    'Rating: the average of the shown reviews from the other side of their deals. Reviews are double-blind: each is shown once both sides have written, or 14 days after.',
} as const

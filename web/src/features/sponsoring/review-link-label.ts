/**
 * The poster's link to an offer's applications, in a module of its own: the listing cards' chunk (the
 * first screen) takes this string and not the view's words (applications-texts.ts), which a module
 * shared by several chunks would bring whole.
 */
export const reviewApplicationsLabel = 'Review applications'

/**
 * The auth feature's public face, the one module of it that other features may import (see
 * eslint.config.js, "feature boundaries"): who is signed in, and ending a session.
 */
export { useSession } from './use-session'
export { currentUserQueryOptions } from './api/get-current-user'
export { forgetMember } from './api/logout'
export { useLogoutEverywhere } from './api/logout-everywhere'

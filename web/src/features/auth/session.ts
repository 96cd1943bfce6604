/**
 * The auth feature's public face, the one module of it that other features may import (see
 * eslint.config.js, "feature boundaries"): who is signed in, and ending a session.
 */
export { useSession, type Session, type SessionStatus } from './use-session'
export { currentUserQueryOptions, useCurrentUser } from './api/get-current-user'
export { forgetMember, useLogout } from './api/logout'
export { useLogoutEverywhere } from './api/logout-everywhere'

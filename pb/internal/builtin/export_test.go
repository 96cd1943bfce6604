package builtin

import "time"

// IsBuiltinPath tells whether a route pattern lies under PocketBase's paths.
func IsBuiltinPath(pattern string) bool {
	_, ok := accessOf(pattern)
	return ok
}

// SetUnsubscribedFor shortens how long a stream may stay subscribed to
// nothing, for a test.
func SetUnsubscribedFor(d time.Duration) (restore func()) {
	old := unsubscribedFor
	unsubscribedFor = d
	return func() { unsubscribedFor = old }
}

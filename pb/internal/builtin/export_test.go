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

// SetStreamsPerAddress lowers the bound on every stream from one address,
// for a test (its real value takes 256 connections to reach).
func SetStreamsPerAddress(n int) (restore func()) {
	old := bounds.perAddress
	bounds.perAddress = n
	return func() { bounds.perAddress = old }
}

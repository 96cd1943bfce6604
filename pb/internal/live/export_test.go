package live

import (
	"time"

	"github.com/pocketbase/pocketbase/core"
)

// Unbind takes the layer away from app: PocketBase's own broadcast
// delivers these collections again (the reference for payloads and costs).
func Unbind(app core.App) {
	for _, on := range []interface{ Unbind(...string) }{
		app.OnModelAfterCreateSuccess(), app.OnModelAfterUpdateSuccess(), app.OnModelAfterDeleteSuccess(), app.OnModelDelete(),
	} {
		on.Unbind(idDeliver, idRestore, idDeleting)
	}
	app.OnModelAfterDeleteError().Unbind(idDeleteErr)
	app.OnRealtimeSubscribeRequest().Unbind(idIndex)
	app.OnRealtimeConnectRequest().Unbind(idForget)
	app.Store().Remove(storeKey)
}

// Visited is how many indexed clients app's deliveries have looked at.
func Visited(app core.App) uint64 {
	h, ok := app.Store().Get(storeKey).(*hub)
	if !ok {
		return 0
	}
	return h.visited.Load()
}

// Rules are the list and view rules the deliveries follow, by collection.
var Rules = rules

// UnbindTakeOver leaves every stream to PocketBase's own loop (the
// reference for the bytes on the wire and for the memory a stream holds).
func UnbindTakeOver(app core.App) {
	app.OnRealtimeConnectRequest().Unbind(idTakeOver)
}

// SetWriteTimeout sets how long one event's write may wait, answering the
// previous value.
func SetWriteTimeout(d time.Duration) time.Duration {
	old := writeTimeout
	writeTimeout = d
	return old
}

// Indexed tells whether the client is filed under a member: the index
// files a client once its subscription request's handler has returned,
// just after the page got its 204.
func Indexed(app core.App, clientID string) bool {
	h, ok := app.Store().Get(storeKey).(*hub)
	return ok && h.byMember.KeyOf(clientID) != ""
}

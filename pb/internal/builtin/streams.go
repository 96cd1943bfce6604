package builtin

import (
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/router"

	"sponsorbridge/pb/internal/live"
)

// Bounds of realtime streams (GET /api/realtime). A stream holds its
// connection, a small goroutine and a broker client until it ends (live's
// stream.go; PocketBase's own loop held far more), and PocketBase ends an
// idle one only after 5 minutes: one address opened ~900 in 20 seconds and
// could have held ~13,500 (~850 MB before streams were taken over). The web app opens one
// stream a tab, signed in, and subscribes at once (web/src/lib/pb.ts).
const (
	// VisitorStreamsPerAddress bounds the streams open without a session
	// from one client address: a visitor subscribes to nothing, so a page
	// has no use for more than a few.
	VisitorStreamsPerAddress = 16
	// StreamsPerAddress bounds every stream from one client address,
	// members' and visitors' together. It is far above one person's needs
	// so that a campus or an office behind one address (32 members with 8
	// tabs each) is not refused, and it still bounds a stranger who signs
	// up many accounts from one address.
	StreamsPerAddress = 256
	// StreamsPerMember bounds a signed-in member's streams, whatever their
	// addresses.
	StreamsPerMember = 8
	// VisitorStreams bounds the streams open without a session, in all
	// (the dashboard's own stream signs in only when it subscribes): the
	// addresses a stranger rotates through cannot crowd members out.
	VisitorStreams = 256
)

// bounds are the numbers above; a test lowers them.
var bounds = struct{ visitorsPerAddress, perAddress, perMember, visitors int }{
	VisitorStreamsPerAddress, StreamsPerAddress, StreamsPerMember, VisitorStreams,
}

// unsubscribedFor is how long a stream may stay subscribed to nothing: the
// web app subscribes within milliseconds of the connection, visitors may
// subscribe to nothing (BindRealtime), and a member who unsubscribes from
// everything closes the stream.
var unsubscribedFor = 10 * time.Second

// Messages of a refused stream (429; the web app's live updates reconnect
// by themselves once a stream ends).
const (
	msgStreamsPerAddress = "Too many live connections from this address. Close some tabs and try again."
	msgStreamsPerMember  = "Too many live connections for this account. Close some tabs and try again."
	msgVisitorStreams    = "Too many live connections. Please sign in or try again in a moment."
)

var streams = struct {
	sync.Mutex
	byAddress, visitorsByAddress, byMember map[string]int
	visitors                               int
}{byAddress: map[string]int{}, visitorsByAddress: map[string]int{}, byMember: map[string]int{}}

// BindStreams bounds realtime streams per address, per member and for
// visitors in all, and closes a stream subscribed to nothing for
// unsubscribedFor. A refused stream answers 429 before the broker registers
// it.
func BindStreams(app core.App) {
	app.OnRealtimeConnectRequest().BindFunc(func(e *core.RealtimeConnectRequestEvent) error {
		member := ""
		if e.Auth != nil && !e.Auth.IsSuperuser() {
			member = e.Auth.Id
		}
		release, msg := openStream(e.RealIP(), member)
		if msg != "" {
			e.Response.Header().Set("Retry-After", strconv.Itoa(int(unsubscribedFor.Seconds())))
			return router.NewApiError(http.StatusTooManyRequests, msg, nil)
		}

		// A stream subscribed to nothing for unsubscribedFor is ended
		// through the broker (PocketBase's loop sees its channel closed, a
		// taken-over stream closes its connection). The timer holds the
		// client only, not the request.
		client, broker := e.Client, e.App.SubscriptionsBroker()
		var check *time.Timer
		check = time.AfterFunc(unsubscribedFor, func() {
			if client.IsDiscarded() {
				return // the stream ended: no more checks
			}
			if len(client.Subscriptions()) == 0 {
				broker.Unregister(client.Id())
				return
			}
			check.Reset(unsubscribedFor)
		})
		err := e.Next()
		live.AfterStream(e.Client, func() {
			check.Stop()
			release()
		})
		return err
	})
}

// openStream counts a stream from address for member ("" for a visitor),
// answering the function that forgets it, or the refusal's message.
func openStream(address, member string) (release func(), refused string) {
	streams.Lock()
	defer streams.Unlock()
	switch {
	case streams.byAddress[address] >= bounds.perAddress:
		return nil, msgStreamsPerAddress
	case member == "" && streams.visitorsByAddress[address] >= bounds.visitorsPerAddress:
		return nil, msgStreamsPerAddress
	case member != "" && streams.byMember[member] >= bounds.perMember:
		return nil, msgStreamsPerMember
	case member == "" && streams.visitors >= bounds.visitors:
		return nil, msgVisitorStreams
	}
	streams.byAddress[address]++
	if member != "" {
		streams.byMember[member]++
	} else {
		streams.visitorsByAddress[address]++
		streams.visitors++
	}
	return func() {
		streams.Lock()
		defer streams.Unlock()
		forget(streams.byAddress, address)
		if member != "" {
			forget(streams.byMember, member)
		} else {
			forget(streams.visitorsByAddress, address)
			streams.visitors--
		}
	}, ""
}

func forget(counts map[string]int, key string) {
	if counts[key]--; counts[key] <= 0 {
		delete(counts, key)
	}
}

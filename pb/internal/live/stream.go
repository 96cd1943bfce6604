package live

import (
	"bytes"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
	"github.com/pocketbase/pocketbase/tools/subscriptions"
)

// A realtime stream is an idle page most of its life. PocketBase serves it
// by parking the request's goroutine in a loop (apis/realtime.go) at the
// bottom of the router's middleware chain, with net/http's buffers, the
// request, its event and a second goroutine that watches the connection
// behind it: about 80 KiB of the process's memory an idle tab (issue 39,
// docs/measurements.md). Here, once PB_CONNECT is written as PocketBase
// writes it, the connection is taken from net/http (hijacked): an event is
// written by whoever sends it (the client's Send), and a small goroutine
// waits on the connection only to see it close. What an idle tab keeps is
// its client (id, subscriptions, sign-in), the connection and that
// goroutine's small stack.
//
// The bytes on the wire do not change: the response's head and PB_CONNECT
// are net/http's and PocketBase's own, and each event is PocketBase's
// Message.WriteSSE in a chunk of the same chunked body (or the raw body of
// an HTTP/1.0 request, as net/http would send it). A stream that cannot be
// taken over (HTTP/2, a test's recorder) or whose messages are hooked
// (OnRealtimeMessageSend needs the request event for every message) is
// served by PocketBase's loop as before.

// takeOverPriority runs the take-over last among the connect hooks, just
// before PocketBase's own loop, which it replaces.
const takeOverPriority = 1 << 20

const idTakeOver = "sbLiveTakeOver"

// writeTimeout bounds one event's write: a reader that stops reading fills
// its socket's buffer, its next write waits this long and its stream ends.
var writeTimeout = 10 * time.Second

// stream is a realtime client whose connection was taken over.
type stream struct {
	*subscriptions.DefaultClient
	app     core.App
	conn    net.Conn
	chunked bool
	idleFor time.Duration

	// ready is closed once the connection is taken over (or the stream
	// ended first): the page may subscribe, and hear its first event, as
	// soon as it reads PB_CONNECT, before this goroutine holds the
	// connection.
	ready chan struct{}

	mu      sync.Mutex // one write at a time; guards the fields below
	idle    *time.Timer
	ended   bool
	isReady bool
	onEnded []func()
}

// AfterStream calls fn once the stream of client has ended. A connect
// hook calls it after e.Next() returns: a stream served by PocketBase's
// loop has ended by then (fn runs at once), a taken-over one ends later,
// when its connection does. So a hook that holds something for the
// stream's life (a count, an index entry) releases it through here, not
// in a defer.
func AfterStream(client subscriptions.Client, fn func()) {
	s, ok := client.(*stream)
	if !ok {
		fn()
		return
	}
	s.mu.Lock()
	if !s.ended {
		s.onEnded = append(s.onEnded, fn)
		s.mu.Unlock()
		return
	}
	s.mu.Unlock()
	fn()
}

func bindTakeOver(app core.App) {
	app.OnRealtimeConnectRequest().Bind(&hook.Handler[*core.RealtimeConnectRequestEvent]{
		Id:       idTakeOver,
		Priority: takeOverPriority,
		Func:     takeOver,
	})
	app.OnTerminate().BindFunc(func(e *core.TerminateEvent) error {
		for _, c := range app.SubscriptionsBroker().Clients() {
			if s, ok := c.(*stream); ok {
				s.end()
			}
		}
		return e.Next()
	})
}

func takeOver(e *core.RealtimeConnectRequestEvent) error {
	client, ok := e.Client.(*subscriptions.DefaultClient)
	if !ok || e.Request.ProtoMajor != 1 || !hijackable(e.Response) {
		return e.Next()
	}
	s := &stream{DefaultClient: client, app: e.App, chunked: e.Request.ProtoAtLeast(1, 1), idleFor: e.IdleTimeout,
		ready: make(chan struct{})}
	e.Client = s

	// PocketBase's loop up to its first message, the same calls.
	e.App.SubscriptionsBroker().Register(s)
	e.App.Logger().Debug("Realtime connection established", slog.String("clientId", s.Id()))
	connect := &core.RealtimeMessageEvent{RequestEvent: e.RequestEvent, Client: s, Message: &subscriptions.Message{
		Name: "PB_CONNECT",
		Data: []byte(`{"clientId":"` + s.Id() + `"}`),
	}}
	err := e.App.OnRealtimeMessageSend().Trigger(connect, func(me *core.RealtimeMessageEvent) error {
		if err := me.Message.WriteSSE(me.Response, me.Client.Id()); err != nil {
			return err
		}
		return me.Flush()
	})
	var conn net.Conn
	if err == nil {
		conn, _, err = http.NewResponseController(e.Response).Hijack()
	}
	if err != nil {
		e.App.Logger().Debug("Realtime connection closed (failed to deliver PB_CONNECT)",
			slog.String("clientId", s.Id()), slog.String("error", err.Error()))
		s.end()
		return nil
	}
	s.mu.Lock()
	if s.ended { // ended meanwhile (the server stopping): the body ends cleanly all the same
		s.mu.Unlock()
		s.finish(conn)
		return nil
	}
	s.conn = conn
	s.idle = time.AfterFunc(s.idleFor, s.end)
	s.readyLocked()
	s.mu.Unlock()
	_ = conn.SetReadDeadline(time.Now().Add(e.MaxTimeout))
	go s.watch()
	return nil
}

// hijackable tells whether w, unwrapped, is a connection net/http can
// hand over.
func hijackable(w http.ResponseWriter) bool {
	for {
		u, ok := w.(interface{ Unwrap() http.ResponseWriter })
		if !ok {
			_, ok := w.(http.Hijacker)
			return ok
		}
		w = u.Unwrap()
	}
}

// watch waits for the connection to close (the tab went away), anything
// to be read (nothing is expected after the request) or the stream's
// longest life (the read deadline), then ends it.
func (s *stream) watch() {
	var b [1]byte
	_, _ = s.conn.Read(b[:])
	s.end()
}

// Send writes the message to the connection at once, as PocketBase's loop
// would (its message hook, then PocketBase's WriteSSE in a chunk), and
// restarts the idle timer; a failed write ends the stream.
func (s *stream) Send(m subscriptions.Message) {
	<-s.ready
	if s.IsDiscarded() {
		return
	}
	event := &core.RealtimeMessageEvent{RequestEvent: &core.RequestEvent{App: s.app}, Client: s, Message: &m}
	err := s.app.OnRealtimeMessageSend().Trigger(event, func(me *core.RealtimeMessageEvent) error {
		var body bytes.Buffer
		_ = me.Message.WriteSSE(&body, s.Id())
		s.mu.Lock()
		defer s.mu.Unlock()
		if s.ended || s.conn == nil {
			return nil
		}
		_ = s.conn.SetWriteDeadline(time.Now().Add(writeTimeout))
		if err := s.writeLocked(body.Bytes()); err != nil {
			return err
		}
		s.idle.Reset(s.idleFor)
		return nil
	})
	if err != nil {
		s.app.Logger().Debug("Realtime connection closed (failed to deliver message)",
			slog.String("clientId", s.Id()), slog.String("error", err.Error()))
		s.end()
	}
}

func (s *stream) writeLocked(p []byte) error {
	if !s.chunked {
		_, err := s.conn.Write(p)
		return err
	}
	frame := make([]byte, 0, len(p)+16)
	frame = fmt.Appendf(frame, "%x\r\n", len(p))
	frame = append(frame, p...)
	frame = append(frame, "\r\n"...)
	_, err := s.conn.Write(frame)
	return err
}

func (s *stream) readyLocked() {
	if !s.isReady {
		s.isReady = true
		close(s.ready)
	}
}

// Discard is the broker's Unregister (and PocketBase's own discards): the
// stream ends.
func (s *stream) Discard() {
	s.DefaultClient.Discard()
	s.end()
}

// end closes the stream once: the body's last chunk, as net/http ends a
// handler's answer, the connection closed, the client out of the broker
// and the hooks' releases called.
func (s *stream) end() {
	s.mu.Lock()
	if s.ended {
		s.mu.Unlock()
		return
	}
	s.ended = true
	s.readyLocked()
	if s.idle != nil {
		s.idle.Stop()
	}
	if s.conn != nil {
		s.finish(s.conn)
	}
	release := s.onEnded
	s.onEnded = nil
	s.mu.Unlock()

	s.DefaultClient.Discard()
	s.app.SubscriptionsBroker().Unregister(s.Id())
	s.app.Logger().Debug("Realtime connection closed", slog.String("clientId", s.Id()))
	for _, fn := range release {
		fn()
	}
}

// finish ends the body on conn as net/http ends a handler's answer (the
// last chunk) and closes the connection.
func (s *stream) finish(conn net.Conn) {
	if s.chunked {
		_ = conn.SetWriteDeadline(time.Now().Add(time.Second))
		_, _ = conn.Write([]byte("0\r\n\r\n"))
	}
	_ = conn.Close()
}

package builtin_test

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/builtin"
	"sponsorbridge/pb/internal/testutil"
)

// stream is one realtime connection opened as a browser would, over TCP,
// from the address in X-Forwarded-For; it reads nothing until asked.
type stream struct {
	conn net.Conn
	r    *bufio.Reader
}

func openStream(t *testing.T, addr, from string, headers map[string]string) *stream {
	t.Helper()
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	var req strings.Builder
	fmt.Fprintf(&req, "GET /api/realtime HTTP/1.1\r\nHost: %s\r\nX-Forwarded-For: %s\r\nAccept: text/event-stream\r\n", addr, from)
	for k, v := range headers {
		fmt.Fprintf(&req, "%s: %s\r\n", k, v)
	}
	req.WriteString("\r\n")
	if _, err := conn.Write([]byte(req.String())); err != nil {
		t.Fatal(err)
	}
	return &stream{conn: conn, r: bufio.NewReader(conn)}
}

// answer reads the answer's status and, for a refusal, its body.
func (s *stream) answer(t *testing.T) (int, string) {
	t.Helper()
	_ = s.conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	res, err := http.ReadResponse(s.r, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.StatusCode == http.StatusOK {
		return res.StatusCode, "" // the stream goes on
	}
	raw, _ := io.ReadAll(io.LimitReader(res.Body, 4<<10))
	return res.StatusCode, string(raw)
}

// waitClients waits until the broker holds n clients.
func waitClients(t *testing.T, app core.App, n int) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for app.SubscriptionsBroker().TotalClients() != n {
		if time.Now().After(deadline) {
			t.Fatalf("the broker holds %d streams, want %d", app.SubscriptionsBroker().TotalClients(), n)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// One address opened ~900 streams in 20 seconds and could have held
// ~13,500 for 5 minutes each. Streams are now bounded per address, per
// member and for visitors in all, refused with 429 before the broker
// holds them, and a stream subscribed to nothing (a visitor's: visitors
// may subscribe to nothing) is closed after a few seconds. Without
// BindStreams every one of these streams is held.
func TestRealtimeStreamsAreBounded(t *testing.T) {
	cfg := testutil.Config()
	cfg.TrustedProxyHeaders = []string{"X-Forwarded-For"}
	app := apptest.NewApp(t, cfg)
	dan := testutil.CreateMember(t, app, "dan", testutil.MemberOpts{})
	srv := testutil.Serve(t, app)
	addr := strings.TrimPrefix(srv.URL, "http://")
	open := 0

	// Per address: visitors' streams, then everyone's.
	for range builtin.VisitorStreamsPerAddress {
		openStream(t, addr, "203.0.113.1", nil)
	}
	open += builtin.VisitorStreamsPerAddress
	waitClients(t, app, open)
	code, body := openStream(t, addr, "203.0.113.1", nil).answer(t)
	if code != http.StatusTooManyRequests || !strings.Contains(body, "Too many live connections from this address. Close some tabs and try again.") {
		t.Errorf("visitor stream %d from one address: %d %s, want 429", builtin.VisitorStreamsPerAddress+1, code, body)
	}
	// Members behind that address (a campus, an office) still connect, up
	// to the bound on everyone's streams from it.
	restore := builtin.SetStreamsPerAddress(builtin.VisitorStreamsPerAddress + 2)
	for _, name := range []string{"fay", "gus"} {
		openStream(t, addr, "203.0.113.1", testutil.Cookie(t, testutil.CreateMember(t, app, name, testutil.MemberOpts{})))
	}
	open += 2
	waitClients(t, app, open)
	code, body = openStream(t, addr, "203.0.113.1", testutil.Cookie(t, dan)).answer(t)
	if code != http.StatusTooManyRequests || !strings.Contains(body, "Too many live connections from this address. Close some tabs and try again.") {
		t.Errorf("stream %d from one address: %d %s, want 429", builtin.VisitorStreamsPerAddress+3, code, body)
	}
	restore()

	// Per member, whatever the addresses.
	for i := range builtin.StreamsPerMember {
		openStream(t, addr, fmt.Sprintf("198.51.100.%d", i+1), testutil.Cookie(t, dan))
	}
	open += builtin.StreamsPerMember
	waitClients(t, app, open)
	code, body = openStream(t, addr, "198.51.100.200", testutil.Cookie(t, dan)).answer(t)
	if code != http.StatusTooManyRequests || !strings.Contains(body, "Too many live connections for this account. Close some tabs and try again.") {
		t.Errorf("stream %d of one member: %d %s, want 429", builtin.StreamsPerMember+1, code, body)
	}

	// Visitors in all, from addresses rotated; what they hold is measured.
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	n := builtin.VisitorStreams - builtin.VisitorStreamsPerAddress
	for i := range n {
		openStream(t, addr, fmt.Sprintf("10.%d.%d.1", i/200, i%200), nil)
	}
	open += n
	waitClients(t, app, open)
	runtime.GC()
	runtime.ReadMemStats(&after)
	perStream := float64(after.HeapAlloc+after.StackInuse-before.HeapAlloc-before.StackInuse) / float64(n)
	t.Logf("a stream holds %.1f KB of heap and stack (server and its test client; the kernel's socket buffers aside): %.1f MB at %d per address, %.1f MB at %d visitors in all",
		perStream/1e3, perStream*builtin.StreamsPerAddress/1e6, builtin.StreamsPerAddress, perStream*builtin.VisitorStreams/1e6, builtin.VisitorStreams)
	if perStream > 64<<10 {
		t.Errorf("a stream holds %.1f KB, want under 64 KB", perStream/1e3)
	}
	code, body = openStream(t, addr, "192.0.2.77", nil).answer(t)
	if code != http.StatusTooManyRequests || !strings.Contains(body, "Too many live connections. Please sign in or try again in a moment.") {
		t.Errorf("visitor stream %d: %d %s, want 429", builtin.VisitorStreams+1, code, body)
	}
	// A member still connects while visitors are at their bound.
	openStream(t, addr, "192.0.2.78", testutil.Cookie(t, testutil.CreateMember(t, app, "eve", testutil.MemberOpts{})))
	waitClients(t, app, open+1)
}

// A stream subscribed to nothing is closed: a visitor's (visitors may
// subscribe to nothing) and a member's who never subscribes; a member's
// subscribed stream stays.
func TestUnsubscribedStreamsAreClosed(t *testing.T) {
	defer builtin.SetUnsubscribedFor(300 * time.Millisecond)()
	app := apptest.NewApp(t, nil)
	dan := testutil.CreateMember(t, app, "dan", testutil.MemberOpts{})
	srv := testutil.Serve(t, app)
	addr := strings.TrimPrefix(srv.URL, "http://")

	subscribed := openStream(t, addr, "203.0.113.9", testutil.Cookie(t, dan))
	if code, _ := subscribed.answer(t); code != http.StatusOK {
		t.Fatalf("a member's stream: %d", code)
	}
	waitClients(t, app, 1)
	for _, c := range app.SubscriptionsBroker().Clients() {
		c.Subscribe("messages/*")
	}
	visitor := openStream(t, addr, "203.0.113.10", nil)
	idle := openStream(t, addr, "203.0.113.11", testutil.Cookie(t, dan))
	for _, s := range []*stream{visitor, idle} {
		if code, _ := s.answer(t); code != http.StatusOK {
			t.Fatalf("a stream: %d", code)
		}
	}
	waitClients(t, app, 3)
	time.Sleep(time.Second) // three periods
	waitClients(t, app, 1)
	if c := app.SubscriptionsBroker().Clients(); len(c) != 1 {
		t.Fatalf("streams left: %d", len(c))
	}
	for _, c := range app.SubscriptionsBroker().Clients() {
		if !c.HasSubscription("messages/*") {
			t.Errorf("the stream left is not the subscribed one")
		}
	}
}

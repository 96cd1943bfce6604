package live_test

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
	"github.com/pocketbase/pocketbase/tools/subscriptions"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/live"
	"sponsorbridge/pb/internal/testutil"
)

// rawStream is a page's stream over a bare TCP connection, as little as a
// client can hold, so that what the process holds is the server's.
type rawStream struct {
	conn net.Conn
	id   string
	r    *bufio.Reader
	res  *http.Response
}

// openRaw opens a stream as member (cookie) from address and subscribes it
// as the web app does.
func openRaw(t *testing.T, srvURL, address, cookie string) *rawStream {
	t.Helper()
	host := strings.TrimPrefix(srvURL, "http://")
	conn, err := net.Dial("tcp", host)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	fmt.Fprintf(conn, "GET /api/realtime HTTP/1.1\r\nHost: %s\r\nCookie: %s\r\nX-Forwarded-For: %s\r\nAccept: text/event-stream\r\n\r\n", host, cookie, address)
	s := &rawStream{conn: conn, r: bufio.NewReaderSize(conn, 512)}
	s.res, err = http.ReadResponse(s.r, nil)
	if err != nil || s.res.StatusCode != http.StatusOK {
		t.Fatalf("GET /api/realtime: %v %v", s.res, err)
	}
	name, data, err := s.next()
	if err != nil || name != "PB_CONNECT" {
		t.Fatalf("no PB_CONNECT: %q %v", name, err)
	}
	s.id = strings.TrimSuffix(strings.TrimPrefix(data, `{"clientId":"`), `"}`)
	body := `{"clientId":"` + s.id + `","subscriptions":["` + strings.Join(webTopics, `","`) + `"]}`
	sub, _ := http.NewRequest(http.MethodPost, srvURL+"/api/realtime", strings.NewReader(body))
	sub.Header.Set("Content-Type", "application/json")
	sub.Header.Set("X-Forwarded-For", address)
	sub.Header.Set("Cookie", cookie)
	sub.Header.Set("Origin", srvURL)
	answer, err := http.DefaultClient.Do(sub)
	if err != nil {
		t.Fatal(err)
	}
	answer.Body.Close()
	if answer.StatusCode != http.StatusNoContent {
		t.Fatalf("subscribing: %d", answer.StatusCode)
	}
	return s
}

// next reads the next event of the body (chunked as sent) as its name and data.
func (s *rawStream) next() (name, data string, err error) {
	var line []byte
	r := bufio.NewReader(s.res.Body)
	s.res.Body = io.NopCloser(r) // the bufio reader keeps what it read ahead
	for {
		line, err = r.ReadBytes('\n')
		if err != nil {
			return "", "", err
		}
		l := strings.TrimRight(string(line), "\n")
		switch {
		case strings.HasPrefix(l, "event:"):
			name = strings.TrimPrefix(l, "event:")
		case strings.HasPrefix(l, "data:"):
			data = strings.TrimPrefix(l, "data:")
		case l == "" && name != "":
			return name, data, nil
		}
	}
}

func streamsApp(t *testing.T) (*tests.TestApp, string) {
	cfg := testutil.Config()
	cfg.TrustedProxyHeaders = []string{"X-Forwarded-For"}
	app := apptest.NewApp(t, cfg)
	t.Cleanup(app.Cleanup)
	return app, testutil.Serve(t, app).URL
}

// An idle open tab holds about 7.5 KiB of the server's heap and stacks (its
// member's slim sign-in about 0.6 of them) and one small goroutine: its stream is
// taken from net/http once PB_CONNECT is written (stream.go). PocketBase's
// own loop held ~50 KiB and two goroutines a stream (LIVE_STREAMS=2000 go
// test -run IdleStreams -v ./pb/internal/live/ for both at 2,000).
func TestIdleStreamsHoldLittle(t *testing.T) {
	n := 400
	if s := os.Getenv("LIVE_STREAMS"); s != "" {
		n, _ = strconv.Atoi(s)
	}
	measure := func(t *testing.T, takeOver bool) (perStream float64, goroutines float64) {
		app, url := streamsApp(t)
		if !takeOver {
			live.UnbindTakeOver(app)
		}
		var cookies []string // one tab a member: each holds its member's record
		for i := range n {
			cookies = append(cookies, testutil.Cookie(t, testutil.CreateMember(t, app, fmt.Sprintf("s%05d", i), testutil.MemberOpts{}))["Cookie"])
		}
		http.DefaultClient.CloseIdleConnections()
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		g := runtime.NumGoroutine()
		for i := range n {
			openRaw(t, url, fmt.Sprintf("10.%d.%d.1", i/200, i%200), cookies[i])
		}
		// the sign-ins' cached records expire, and the session cache's
		// timer drops them (2 s after the first, then every 2 s)
		time.Sleep(3 * time.Second)
		http.DefaultClient.CloseIdleConnections()
		time.Sleep(200 * time.Millisecond) // the subscriptions' connections close
		runtime.GC()
		runtime.ReadMemStats(&after)
		perStream = float64(after.HeapAlloc+after.StackInuse-before.HeapAlloc-before.StackInuse) / float64(n)
		return perStream, float64(runtime.NumGoroutine()-g) / float64(n)
	}
	held, goroutines := measure(t, true)
	t.Logf("%d idle subscribed streams: %.1f KiB of heap and stack, %.2f goroutines each", n, held/1024, goroutines)
	if testing.Verbose() {
		pbHeld, pbGoroutines := measure(t, false)
		t.Logf("served by PocketBase's loop: %.1f KiB of heap and stack, %.2f goroutines each", pbHeld/1024, pbGoroutines)
	}
	if held > 10<<10 || goroutines > 1.1 {
		t.Errorf("an idle stream holds %.1f KiB and %.2f goroutines (at most 10 KiB and one)", held/1024, goroutines)
	}
}

// A taken-over stream sends the bytes PocketBase's loop sends (the same
// events in the same chunked body) and ends its body as net/http does, so
// the SDK reads the end of a stream, not a broken connection.
func TestTakenOverStreamsSendWhatPocketBaseSends(t *testing.T) {
	heard := func(t *testing.T, takeOver bool) string {
		app, url := streamsApp(t)
		if !takeOver {
			live.UnbindTakeOver(app)
		}
		a := testutil.CreateMember(t, app, "ana", testutil.MemberOpts{})
		b := testutil.CreateMember(t, app, "bob", testutil.MemberOpts{})
		if a.Id > b.Id { // the sender is userA in both apps (ids are random)
			a, b = b, a
		}
		s := openRaw(t, url, "10.0.0.1", testutil.Cookie(t, b)["Cookie"])
		if takeOver { // PocketBase's loop has no index
			testutil.Eventually(t, 5*time.Second, "the stream to be indexed", func() bool { return live.Indexed(app, s.id) })
		} else {
			time.Sleep(50 * time.Millisecond) // its subscription done after the 204
		}
		if got := s.res.Header.Get("Content-Type"); got != "text/event-stream" || len(s.res.TransferEncoding) != 1 || s.res.TransferEncoding[0] != "chunked" {
			t.Fatalf("head: %v %v", s.res.Header, s.res.TransferEncoding)
		}
		ua, ub := a.Id, b.Id
		if ua > ub {
			ua, ub = ub, ua
		}
		w := &world{app: app, members: []*core.Record{a, b}}
		c := w.save(t, "conversations", id("cnv", 1), map[string]any{"pairKey": ua + ":" + ub, "userA": ua, "userB": ub})
		w.message(t, 1, c, 0, "over the wire")
		var events []string // in either order: each event is sent by its own goroutine (hub.send), as before
		for range 2 {
			_ = s.conn.SetReadDeadline(time.Now().Add(5 * time.Second))
			name, data, err := s.next()
			if err != nil {
				t.Fatalf("take over %v: %v after %q", takeOver, err, events)
			}
			events = append(events, fmt.Sprintf("event:%s\ndata:%s\n", name, data))
		}
		slices.Sort(events)
		app.SubscriptionsBroker().Unregister(s.id) // the server ends the stream
		rest, err := io.ReadAll(s.res.Body)
		if err != nil || len(rest) != 0 {
			t.Errorf("the body did not end cleanly: %q %v", rest, err)
		}
		// the members' ids and the times differ between the two apps
		out := strings.Join(events, "")
		for r, name := range map[*core.Record]string{a: "SENDER", b: "RECEIVER", c: "CONVERSATION"} {
			out = strings.ReplaceAll(out, r.Id, name)
		}
		return timestamps.ReplaceAllString(out, "TIME")
	}
	ours, pocketbase := heard(t, true), heard(t, false)
	if ours != pocketbase || !strings.Contains(ours, "over the wire") {
		t.Errorf("taken over:\n%s\nPocketBase's loop:\n%s", ours, pocketbase)
	}
}

var timestamps = regexp.MustCompile(`\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}Z`)

// A tab that never reads cannot hold the server: once its socket's buffers
// are full, the next write waits writeTimeout and ends the stream; the
// senders are not held.
func TestAStreamNobodyReadsEnds(t *testing.T) {
	defer live.SetWriteTimeout(live.SetWriteTimeout(200 * time.Millisecond))
	app, url := streamsApp(t)
	m := testutil.CreateMember(t, app, "mia", testutil.MemberOpts{})
	s := openRaw(t, url, "10.0.0.1", testutil.Cookie(t, m)["Cookie"])
	client, err := app.SubscriptionsBroker().ClientById(s.id)
	if err != nil {
		t.Fatal(err)
	}
	big := subscriptions.Message{Name: "notifications/*", Data: bytes.Repeat([]byte("x"), 256<<10)}
	sent := make(chan int)
	go func() {
		i := 0
		for ; i < 400 && !client.IsDiscarded(); i++ { // 100 MB: far beyond the sockets' buffers
			client.Send(big)
		}
		sent <- i
	}()
	select {
	case i := <-sent:
		if !client.IsDiscarded() {
			t.Fatalf("%d events of 256 KiB went to a stream nobody reads and it is still open", i)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("the sender is held by a stream nobody reads")
	}
	if _, err := app.SubscriptionsBroker().ClientById(s.id); err == nil {
		t.Error("the broker still holds the ended stream")
	}
}

// An idle stream ends after PocketBase's idle timeout (the connect event's
// IdleTimeout) and its bounds are released: the member may open it again.
func TestIdleStreamsEnd(t *testing.T) {
	app, url := streamsApp(t)
	app.OnRealtimeConnectRequest().BindFunc(func(e *core.RealtimeConnectRequestEvent) error {
		e.IdleTimeout = 100 * time.Millisecond
		return e.Next()
	})
	m := testutil.CreateMember(t, app, "mia", testutil.MemberOpts{})
	cookie := testutil.Cookie(t, m)["Cookie"]
	for range 9 { // one more than a member's bound: each ends before the next
		s := openRaw(t, url, "10.0.0.1", cookie)
		_ = s.conn.SetReadDeadline(time.Now().Add(5 * time.Second))
		if _, _, err := s.next(); !errors.Is(err, io.EOF) {
			t.Fatalf("the idle stream did not end: %v", err)
		}
	}
	testutil.Eventually(t, 5*time.Second, "the broker to let the streams go", func() bool {
		return app.SubscriptionsBroker().TotalClients() == 0
	})
}

// A stream the server ends while it is being taken over (a shutdown just
// after PB_CONNECT was written, before the connection is held) still ends
// its body cleanly: the page reads the end of the answer, not a cut
// connection (backup's TestGracefulShutdown met it on a busy machine).
func TestAStreamEndedDuringItsTakeOverEndsCleanly(t *testing.T) {
	app, url := streamsApp(t)
	app.OnRealtimeMessageSend().BindFunc(func(e *core.RealtimeMessageEvent) error {
		if err := e.Next(); err != nil || e.Message.Name != "PB_CONNECT" {
			return err
		}
		e.Client.Discard() // ended between PB_CONNECT and the takeover
		return nil
	})
	m := testutil.CreateMember(t, app, "mia", testutil.MemberOpts{})
	host := strings.TrimPrefix(url, "http://")
	conn, err := net.Dial("tcp", host)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	_ = conn.SetDeadline(time.Now().Add(5 * time.Second))
	fmt.Fprintf(conn, "GET /api/realtime HTTP/1.1\r\nHost: %s\r\nCookie: %s\r\nAccept: text/event-stream\r\n\r\n", host, testutil.Cookie(t, m)["Cookie"])
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	body, err := io.ReadAll(res.Body)
	if err != nil || !strings.Contains(string(body), "PB_CONNECT") {
		t.Fatalf("the body did not end cleanly after PB_CONNECT: %q %v", body, err)
	}
}

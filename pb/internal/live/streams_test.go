package live_test

import (
	"bufio"
	"fmt"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/live"
	"sponsorbridge/pb/internal/testutil"
)

// stream is a page's real realtime connection (Server-Sent Events over
// TCP), subscribed as the web app subscribes.
type stream struct {
	mu     sync.Mutex
	events []string // "topic data"
}

func (s *stream) heard() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.events...)
}

func openReal(t *testing.T, client *http.Client, base, address string, headers map[string]string) *stream {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, base+"/api/realtime", nil)
	req.Header.Set("X-Forwarded-For", address)
	req.Header.Set("Cookie", headers["Cookie"]) // the page's stream is signed in (visitors' are bounded apart)
	res, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { res.Body.Close() })
	if res.StatusCode != 200 {
		t.Fatalf("stream: %d", res.StatusCode)
	}
	r := bufio.NewReader(res.Body)
	next := func() (name, data string, err error) {
		for {
			line, err := r.ReadString('\n')
			if err != nil {
				return "", "", err
			}
			line = strings.TrimRight(line, "\n")
			switch {
			case strings.HasPrefix(line, "event:"):
				name = strings.TrimPrefix(line, "event:")
			case strings.HasPrefix(line, "data:"):
				data = strings.TrimPrefix(line, "data:")
			case line == "" && name != "":
				return name, data, nil
			}
		}
	}
	name, data, err := next()
	if err != nil || name != "PB_CONNECT" {
		t.Fatalf("no PB_CONNECT: %q %v", name, err)
	}
	id := strings.TrimSuffix(strings.TrimPrefix(data, `{"clientId":"`), `"}`)
	body := `{"clientId":"` + id + `","subscriptions":["` + strings.Join(webTopics, `","`) + `"]}`
	sub, _ := http.NewRequest(http.MethodPost, base+"/api/realtime", strings.NewReader(body))
	sub.Header.Set("Content-Type", "application/json")
	sub.Header.Set("X-Forwarded-For", address)
	for k, v := range headers {
		if k == "Origin" {
			v = base // same-origin: the server's own address
		}
		sub.Header.Set(k, v)
	}
	answer, err := client.Do(sub)
	if err != nil {
		t.Fatal(err)
	}
	answer.Body.Close()
	if answer.StatusCode != 204 {
		t.Fatalf("subscribing: %d", answer.StatusCode)
	}
	s := &stream{}
	go func() {
		for {
			name, data, err := next()
			if err != nil {
				return
			}
			s.mu.Lock()
			s.events = append(s.events, name+" "+data)
			s.mu.Unlock()
		}
	}()
	return s
}

// Over real connections, with a crowd of members' streams open (8 each,
// the bound), a message reaches the streams of its two members and no
// other (LIVE_STREAMS=2000 for a bigger crowd; what an idle stream holds
// is TestIdleStreamsHoldLittle's).
func TestRealStreams(t *testing.T) {
	n := 80
	if s := os.Getenv("LIVE_STREAMS"); s != "" {
		n, _ = strconv.Atoi(s)
	}
	cfg := testutil.Config()
	cfg.TrustedProxyHeaders = []string{"X-Forwarded-For"}
	app := apptest.NewApp(t, cfg)
	defer app.Cleanup()
	srv := testutil.Serve(t, app)
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 16}}
	defer client.CloseIdleConnections()

	const perMember = 8
	var members []*core.Record
	for i := range (n + perMember - 1) / perMember {
		members = append(members, testutil.CreateMember(t, app, fmt.Sprintf("s%04d", i), testutil.MemberOpts{}))
	}
	streams := make([]*stream, n)
	for i := range n {
		m := members[i/perMember]
		streams[i] = openReal(t, client, srv.URL, fmt.Sprintf("10.%d.%d.1", i/200, i%200), testutil.Cookie(t, m))
	}

	ua, ub := members[0].Id, members[1].Id
	if ua > ub {
		ua, ub = ub, ua
	}
	w := &world{app: app, members: members}
	c := w.save(t, "conversations", id("cnv", 1), map[string]any{"pairKey": ua + ":" + ub, "userA": ua, "userB": ub})
	w.message(t, 1, c, 0, "over the wire")
	testutil.Eventually(t, 10*time.Second, "the members' streams to hear the message", func() bool {
		for i := range 2 * perMember {
			if !strings.Contains(strings.Join(streams[i].heard(), "\n"), "over the wire") {
				return false
			}
		}
		return true
	})
	time.Sleep(100 * time.Millisecond)
	for i, s := range streams {
		got := s.heard()
		if i < 2*perMember {
			if len(got) != 2 || !strings.HasPrefix(got[0], "conversations/* ") && !strings.HasPrefix(got[1], "conversations/* ") {
				t.Errorf("stream %d of member %d heard %v", i, i/perMember, got)
			}
			continue
		}
		if len(got) != 0 {
			t.Errorf("stream %d of member %d heard %v", i, i/perMember, got)
		}
	}
}

// A page may act the moment its subscription is answered: the stream is
// in the index by the time the 204 leaves, so an event right after it is
// heard (it was filed after the answer, and such an event was missed).
func TestAStreamIsFiledBeforeItsSubscriptionIsAnswered(t *testing.T) {
	cfg := testutil.Config()
	cfg.TrustedProxyHeaders = []string{"X-Forwarded-For"}
	app := apptest.NewApp(t, cfg)
	defer app.Cleanup()
	var mu sync.Mutex
	filedAtAnswer := map[string]bool{}
	// bound after the index's handler, so it runs inside it: when its
	// Next returns, the 204 has been written
	app.OnRealtimeSubscribeRequest().BindFunc(func(e *core.RealtimeSubscribeRequestEvent) error {
		err := e.Next()
		mu.Lock()
		filedAtAnswer[e.Client.Id()] = live.Indexed(app, e.Client.Id())
		mu.Unlock()
		return err
	})
	srv := testutil.Serve(t, app)
	client := &http.Client{}
	defer client.CloseIdleConnections()
	a := testutil.CreateMember(t, app, "ana", testutil.MemberOpts{})
	b := testutil.CreateMember(t, app, "bob", testutil.MemberOpts{})
	s := openReal(t, client, srv.URL, "10.0.0.1", testutil.Cookie(t, b))
	mu.Lock()
	if len(filedAtAnswer) != 1 {
		t.Fatalf("subscriptions seen: %v", filedAtAnswer)
	}
	for id, filed := range filedAtAnswer {
		if !filed {
			t.Errorf("stream %s was not in the index when its 204 was written", id)
		}
	}
	mu.Unlock()

	ua, ub := a.Id, b.Id
	if ua > ub {
		ua, ub = ub, ua
	}
	w := &world{app: app, members: []*core.Record{a, b}}
	c := w.save(t, "conversations", id("cnv", 1), map[string]any{"pairKey": ua + ":" + ub, "userA": ua, "userB": ub})
	w.message(t, 1, c, 0, "right after the answer")
	testutil.Eventually(t, 5*time.Second, "bob's stream to hear the message", func() bool {
		return strings.Contains(strings.Join(s.heard(), "\n"), "right after the answer")
	})
}

package live_test

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/subscriptions"

	"sponsorbridge/pb/internal/live"
	"sponsorbridge/pb/internal/testutil"
)

// counted is a realtime client that counts how often a broadcast looks
// at its subscriptions (PocketBase asks each client for six prefixes an
// event).
type counted struct {
	*subscriptions.DefaultClient
	looks *atomic.Int64
}

func (c counted) Subscriptions(prefixes ...string) map[string]subscriptions.SubscriptionOptions {
	if len(prefixes) > 0 {
		c.looks.Add(1)
	}
	return c.DefaultClient.Subscriptions(prefixes...)
}

// cost is what one message between two members costs with idle tabs of
// other members open: SQL statements, clients PocketBase's broadcast
// looked at, indexed clients live looked at.
type cost struct{ statements, pbClients, liveClients int }

// crowd is a world of two members with one tab each and idle tabs of 100
// other members, subscribed as the web app is (counted), with or without
// live; and the two members' conversation.
func crowd(t testing.TB, idle int, withLive bool) (*world, *core.Record, *atomic.Int64) {
	w := newWorld(t, 2, 1, true)
	looks := &atomic.Int64{}
	const idleMembers = 100
	for i := range min(idle, idleMembers) {
		m := testutil.CreateMember(t, w.app, fmt.Sprintf("idle%03d", i), testutil.MemberOpts{})
		headers := testutil.Cookie(t, m)
		for j := i; j < idle; j += idleMembers {
			c := counted{subscriptions.NewDefaultClient(), looks}
			w.app.SubscriptionsBroker().Register(c)
			t.Cleanup(func() { w.app.SubscriptionsBroker().Unregister(c.Id()) })
			testutil.Subscribe(t, w.h, c, headers, webTopics...)
		}
	}
	if !withLive {
		live.Unbind(w.app)
	}
	c := w.conversation(t, 1, 0, 1)
	w.message(t, 1, c, 0, "warm-up")
	return w, c, looks
}

func messageCost(t *testing.T, idle int, withLive bool) cost {
	w, c, looks := crowd(t, idle, withLive)
	q := testutil.WatchQueries(t, w.app)
	looks.Store(0)
	visited := live.Visited(w.app)
	statements := q.During(func() { w.message(t, 2, c, 0, "counted") })
	return cost{len(statements), int(looks.Load() / 6), int(live.Visited(w.app) - visited)}
}

// BenchmarkMessage is the time of one message saved (its delivery
// included) with idle tabs of other members open, with live and with
// PocketBase's broadcast: go test -run - -bench Message ./pb/internal/live/
// (a shared machine's timings are noisy: the counts above decide).
func BenchmarkMessage(b *testing.B) {
	for _, idle := range []int{0, 500, 2000} {
		for _, withLive := range []bool{true, false} {
			b.Run(fmt.Sprintf("idle=%d/live=%v", idle, withLive), func(b *testing.B) {
				w, c, _ := crowd(b, idle, withLive)
				i := 10
				for b.Loop() {
					i++
					w.message(b, i, c, 0, "bench")
				}
			})
		}
	}
}

// A message costs the same SQL and looks at the same clients however many
// other members are online (PocketBase's broadcast: one query and one look
// per open tab).
func TestMessageCostDoesNotGrowWithTheCrowd(t *testing.T) {
	t.Parallel()
	crowds := []int{0, 200}
	if s := os.Getenv("LIVE_CROWDS"); s != "" { // e.g. LIVE_CROWDS=0,500,2000 -v for the measurements
		crowds = nil
		for _, f := range strings.Split(s, ",") {
			n, err := strconv.Atoi(f)
			if err != nil {
				t.Fatal(err)
			}
			crowds = append(crowds, n)
		}
	}
	var alone cost
	for i, n := range crowds {
		after, before := messageCost(t, n, true), messageCost(t, n, false)
		t.Logf("%d idle tabs: SQL statements %d (PocketBase's broadcast: %d), clients looked at %d (PocketBase's: %d)",
			n, after.statements, before.statements, after.liveClients+after.pbClients, before.pbClients+2) // +2: the two members' own tabs
		if i == 0 {
			alone = after
			continue
		}
		if after.statements != alone.statements || after.pbClients != 0 || after.liveClients != alone.liveClients {
			t.Errorf("with %d idle tabs a message cost %+v; alone %+v", n, after, alone)
		}
		if before.statements < alone.statements+n || before.pbClients < n {
			t.Errorf("PocketBase's broadcast with %d idle tabs cost %+v: the measure cannot tell", n, before)
		}
	}
}

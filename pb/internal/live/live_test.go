package live_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
	"github.com/pocketbase/pocketbase/tools/subscriptions"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/live"
	"sponsorbridge/pb/internal/session"
	"sponsorbridge/pb/internal/testutil"
)

// webTopics are what the web app's subscribeInbox (web/src/lib/pb.ts) asks for.
var webTopics = []string{"messages/*", "conversations/*", "notifications/*", "deals/*", session.EndedTopic}

// tab is an open page's realtime client: registered as the stream does,
// subscribed through POST /api/realtime, recording what it hears.
type tab struct {
	client subscriptions.Client
	mu     sync.Mutex
	heard  []subscriptions.Message
}

func open(t testing.TB, h http.Handler, app core.App, headers map[string]string, topics ...string) *tab {
	t.Helper()
	tb := &tab{client: subscriptions.NewDefaultClient()}
	app.SubscriptionsBroker().Register(tb.client)
	t.Cleanup(func() { app.SubscriptionsBroker().Unregister(tb.client.Id()) })
	testutil.Subscribe(t, h, tb.client, headers, topics...)
	go func() {
		for m := range tb.client.Channel() {
			tb.mu.Lock()
			tb.heard = append(tb.heard, m)
			tb.mu.Unlock()
		}
	}()
	return tb
}

func call(h http.Handler, method, url, body string, headers map[string]string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, url, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

// events are what the tab heard on the collections' topics, as
// "topic action id" lines, sorted.
func (tb *tab) events() []string {
	tb.mu.Lock()
	defer tb.mu.Unlock()
	var out []string
	for _, m := range tb.heard {
		if m.Name == session.EndedTopic {
			continue
		}
		out = append(out, m.Name+" "+action(m)+" "+recordID(m))
	}
	slices.Sort(out)
	return out
}

func (tb *tab) data(name string) []string {
	tb.mu.Lock()
	defer tb.mu.Unlock()
	var out []string
	for _, m := range tb.heard {
		if m.Name == name {
			out = append(out, string(m.Data))
		}
	}
	return out
}

func action(m subscriptions.Message) string {
	s := string(m.Data)
	i := strings.LastIndex(s, `"action":"`)
	if i < 0 {
		return "?"
	}
	s = s[i+len(`"action":"`):]
	return s[:strings.IndexByte(s, '"')]
}

func recordID(m subscriptions.Message) string {
	s := string(m.Data)
	i := strings.Index(s, `"id":"`)
	if i < 0 {
		return "?"
	}
	s = s[i+len(`"id":"`):]
	return s[:strings.IndexByte(s, '"')]
}

// world is an app with members online, each with tabs open.
type world struct {
	app     *tests.TestApp
	h       http.Handler
	members []*core.Record
	tabs    [][]*tab // by member
}

func newWorld(t testing.TB, members, tabsEach int, withLive bool) *world {
	t.Helper()
	app := apptest.NewApp(t, nil)
	t.Cleanup(app.Cleanup)
	if !withLive {
		live.Unbind(app)
	}
	w := &world{app: app, h: testutil.Handler(t, app)}
	for i := range members {
		m := testutil.CreateMember(t, app, fmt.Sprintf("m%03d", i), testutil.MemberOpts{})
		w.members = append(w.members, m)
		var tabs []*tab
		for range tabsEach {
			tabs = append(tabs, open(t, w.h, app, testutil.Cookie(t, m), webTopics...))
		}
		w.tabs = append(w.tabs, tabs)
	}
	return w
}

// id is a record id the same in every world (15 characters).
func id(kind string, i int) string { return fmt.Sprintf("%s%012d", kind, i) }

func (w *world) save(t testing.TB, collection, recordID string, fields map[string]any) *core.Record {
	t.Helper()
	c, err := w.app.FindCachedCollectionByNameOrId(collection)
	if err != nil {
		t.Fatal(err)
	}
	r := core.NewRecord(c)
	r.Id = recordID
	for k, v := range fields {
		r.Set(k, v)
	}
	if err := w.app.Save(r); err != nil {
		t.Fatal(err)
	}
	return r
}

func (w *world) conversation(t testing.TB, i, a, b int) *core.Record {
	ua, ub := w.members[a].Id, w.members[b].Id
	if ua > ub {
		ua, ub = ub, ua
	}
	return w.save(t, "conversations", id("cnv", i), map[string]any{"pairKey": ua + ":" + ub, "userA": ua, "userB": ub})
}

func (w *world) message(t testing.TB, i int, conversation *core.Record, sender int, body string) *core.Record {
	return w.save(t, "messages", id("msg", i), map[string]any{
		"conversation": conversation.Id, "sender": w.members[sender].Id, "body": body, "kind": "text"})
}

func (w *world) deal(t testing.TB, i, sponsor, recipient int) *core.Record {
	return w.save(t, "deals", id("del", i), map[string]any{
		"listingKind": "sponsorships", "listingId": id("lst", i), "amount": 100, "status": "negotiating",
		"sponsor": w.members[sponsor].Id, "recipient": w.members[recipient].Id})
}

func (w *world) notification(t testing.TB, i, member int, title string) *core.Record {
	return w.save(t, "notifications", id("ntf", i), map[string]any{
		"user": w.members[member].Id, "type": "message", "title": title, "link": "/messages"})
}

// heardBy is what each member's tabs heard, once every tab has heard at
// least want[member] events and nothing more arrived for a moment.
func (w *world) heardBy(t testing.TB, want func(member int) int) [][]string {
	t.Helper()
	short := func() (int, []string) {
		for i, tabs := range w.tabs {
			for _, tb := range tabs {
				if got := tb.events(); len(got) < want(i) {
					return i, got
				}
			}
		}
		return -1, nil
	}
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		i, got := short()
		if i < 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("member %d's tab heard only %v (%d wanted)", i, got, want(i))
		}
	}
	time.Sleep(100 * time.Millisecond) // a stray event would have arrived by now
	out := make([][]string, len(w.tabs))
	for i, tabs := range w.tabs {
		first := tabs[0].events()
		for _, tb := range tabs[1:] {
			if got := tb.events(); !slices.Equal(got, first) {
				t.Errorf("member %d: one tab heard %v, another %v", i, first, got)
			}
		}
		out[i] = first
	}
	return out
}

// The events of a crowd (100 members, two tabs each) reach exactly the
// tabs of the members the collections' rules let see them (a deal: its
// sponsor and recipient): each member's
// tabs hear what PocketBase's own rule-checked broadcast delivers them,
// nothing more, nothing less.
func TestEventsReachExactlyTheirMembers(t *testing.T) {
	t.Parallel()
	const members = 100
	run := func(withLive bool) [][]string {
		w := newWorld(t, members, 2, withLive)
		for k := range members / 2 {
			c := w.conversation(t, k, 2*k, 2*k+1)
			w.message(t, k, c, 2*k, "hello "+fmt.Sprint(k))
			c.Set("lastMessage", "hello")
			if err := w.app.Save(c); err != nil {
				t.Fatal(err)
			}
		}
		for i := range members {
			w.notification(t, i, i, "note")
		}
		for k := range members / 2 {
			d := w.deal(t, k, 2*k+1, 2*k)
			d.Set("version", 1)
			d.Set("status", "agreed")
			if err := w.app.Save(d); err != nil {
				t.Fatal(err)
			}
		}
		// the last two conversations go, their messages with them
		for k := members/2 - 2; k < members/2; k++ {
			c, err := w.app.FindRecordById("conversations", id("cnv", k))
			if err != nil {
				t.Fatal(err)
			}
			if err := w.app.Delete(c); err != nil {
				t.Fatal(err)
			}
		}
		return w.heardBy(t, func(i int) int {
			if i >= members-4 {
				return 8 // create, update, message, note, the deal's two; the conversation and its message deleted
			}
			return 6
		})
	}
	got, want := run(true), run(false)
	for i := range members {
		if !slices.Equal(got[i], want[i]) {
			t.Errorf("member %d heard %v; PocketBase's rules deliver %v", i, got[i], want[i])
		}
	}
	k := 3 // member 2k's and 2k+1's conversation
	wantLines := []string{
		"conversations/* create " + id("cnv", k), "conversations/* update " + id("cnv", k),
		"messages/* create " + id("msg", k), "notifications/* create " + id("ntf", 2*k+1),
		"deals/* create " + id("del", k), "deals/* update " + id("del", k)}
	slices.Sort(wantLines)
	if !slices.Equal(got[2*k+1], wantLines) {
		t.Errorf("member %d heard %v, want %v", 2*k+1, got[2*k+1], wantLines)
	}
}

// What a member hears is byte for byte what PocketBase's broadcast sends
// them: the same record fields, the same JSON, on the same topic.
func TestPayloadsAreWhatPocketBaseSends(t *testing.T) {
	t.Parallel()
	w := newWorld(t, 2, 1, true)
	c := w.conversation(t, 1, 0, 1)
	m := w.message(t, 1, c, 0, "same bytes")
	n := w.notification(t, 1, 1, "same bytes")
	// each record's update event is triggered twice on the same record:
	// delivered here, then by PocketBase's broadcast
	replay := func() {
		for _, r := range []*core.Record{c, m, n} {
			e := &core.ModelEvent{App: w.app, Model: r, Context: t.Context(), Type: core.ModelEventTypeUpdate}
			if err := w.app.OnModelAfterUpdateSuccess().Trigger(e); err != nil {
				t.Fatal(err)
			}
		}
	}
	reader := w.tabs[1][0]
	testutil.Eventually(t, 5*time.Second, "the creations", func() bool { return len(reader.events()) == 3 })
	before := 3
	replay()
	testutil.Eventually(t, 5*time.Second, "the delivered events", func() bool { return len(reader.events()) == before+3 })
	live.Unbind(w.app)
	replay()
	testutil.Eventually(t, 5*time.Second, "PocketBase's events", func() bool { return len(reader.events()) == before+6 })
	for _, name := range []string{"conversations/*", "messages/*", "notifications/*"} {
		data := reader.data(name)
		last2 := data[len(data)-2:]
		if last2[0] != last2[1] {
			t.Errorf("%s: delivered\n%s\nPocketBase sends\n%s", name, last2[0], last2[1])
		}
		if !strings.Contains(last2[0], `"action":"update"`) {
			t.Errorf("%s: %s", name, last2[0])
		}
	}
	if !strings.Contains(reader.data("messages/*")[0], `"senderBody"`) {
		t.Errorf("the message's fields: %s", reader.data("messages/*")[0])
	}
}

// The collections' rules are still the ones the deliveries follow: a
// migration that changes who may see a record must change live too.
func TestConcernsFollowTheRules(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	for name, rule := range live.Rules {
		c, err := app.FindCollectionByNameOrId(name)
		if err != nil {
			t.Fatal(err)
		}
		for kind, got := range map[string]*string{"list": c.ListRule, "view": c.ViewRule} {
			if got == nil || *got != rule {
				t.Errorf("%s's %s rule changed: live delivers by %q", name, kind, rule)
			}
		}
	}
}

// A deal's event says only which deal changed and its version: its page
// reads the deal through the route, shaped for the reader.
func TestDealEventsSayWhichDealChanged(t *testing.T) {
	t.Parallel()
	w := newWorld(t, 3, 1, true)
	d := w.deal(t, 1, 0, 1)
	d.Set("version", 4)
	d.Set("cancelReason", "private words")
	if err := w.app.Save(d); err != nil {
		t.Fatal(err)
	}
	want := `{"record":{"collectionId":"` + d.Collection().Id + `","collectionName":"deals","id":"` + d.Id + `","version":4},"action":"update"}`
	for i := range 2 {
		tb := w.tabs[i][0]
		testutil.Eventually(t, 5*time.Second, "the deal's members to hear it", func() bool { return len(tb.data("deals/*")) == 2 })
		if got := tb.data("deals/*"); got[0] == got[1] || !slices.Contains(got, want) {
			t.Errorf("member %d heard %v, want %s", i, got, want)
		}
	}
	time.Sleep(100 * time.Millisecond)
	if got := w.tabs[2][0].events(); len(got) != 0 {
		t.Errorf("a third member heard %v", got)
	}
}

// The dashboard's subscriptions go on for every other collection through
// PocketBase's broadcast; superusers hear no event of the collections
// delivered by member (docs/security.md, "Realtime").
func TestSuperusersHearOtherCollectionsOnly(t *testing.T) {
	t.Parallel()
	w := newWorld(t, 2, 1, true)
	root := open(t, w.h, w.app, testutil.SuperuserHeaders(t, w.app),
		"messages/*", "conversations/*", "notifications/*", "deals/*", "sponsorships/*")
	c := w.conversation(t, 1, 0, 1)
	w.message(t, 1, c, 0, "members only")
	w.notification(t, 1, 1, "members only")
	w.deal(t, 1, 0, 1)
	testutil.Eventually(t, 5*time.Second, "the members to hear their events", func() bool { return len(w.tabs[1][0].events()) == 4 })
	listing := testutil.CreateListing(t, w.app, "sponsorships", w.members[0], testutil.ListingOpts{Title: "For the dashboard"})
	testutil.Eventually(t, 5*time.Second, "the dashboard to hear the listing", func() bool { return len(root.events()) > 0 })
	time.Sleep(100 * time.Millisecond)
	if got := root.events(); !slices.Equal(got, []string{"sponsorships/* create " + listing.Id}) {
		t.Errorf("the superuser heard %v", got)
	}
}

// A stream whose page never reads holds at most MaxWaiting events: the
// next one ends it (the page's SDK reconnects by itself); a page that
// reads is never ended, however many events it hears.
func TestAStreamThatDoesNotReadIsEnded(t *testing.T) {
	t.Parallel()
	w := newWorld(t, 1, 1, true) // m000's tab reads
	stuck := subscriptions.NewDefaultClient()
	w.app.SubscriptionsBroker().Register(stuck)
	testutil.Subscribe(t, w.h, stuck, testutil.Cookie(t, w.members[0]), webTopics...)
	reader := w.tabs[0][0]
	for i := range live.MaxWaiting {
		w.notification(t, i, 0, "unread")
		if i == live.MaxWaiting/2 { // the reading tab keeps up, whatever the machine's load
			testutil.Eventually(t, 5*time.Second, "the reading tab to catch up", func() bool { return len(reader.events()) == i+1 })
		}
	}
	if stuck.IsDiscarded() {
		t.Fatalf("ended after %d events", live.MaxWaiting)
	}
	w.notification(t, live.MaxWaiting, 0, "one too many")
	if !stuck.IsDiscarded() {
		t.Fatalf("still open after %d events", live.MaxWaiting+1)
	}
	if _, err := w.app.SubscriptionsBroker().ClientById(stuck.Id()); err == nil {
		t.Error("the broker still holds the ended stream")
	}
	testutil.Eventually(t, 5*time.Second, "the reading tab to hear every event", func() bool {
		return len(reader.events()) == live.MaxWaiting+1
	})
	if reader.client.IsDiscarded() {
		t.Error("the reading tab was ended")
	}
}

// A member's open tab keeps only their id and token key of their sign-in
// (about 0.5 KiB, not the whole record): once subscribed, and again after
// a change of the member, which PocketBase hands every client of theirs
// whole. A new token key (sign out everywhere, a new password) still takes
// the sign-in away.
func TestTabsKeepASlimSignIn(t *testing.T) {
	w := newWorld(t, 2, 2, true)
	member := w.members[0]
	slim := func(when string) {
		t.Helper()
		for _, tb := range w.tabs[0] {
			auth, _ := tb.client.Get(apis.RealtimeClientAuthKey).(*core.Record)
			if auth == nil {
				t.Fatalf("%s: the tab lost its sign-in", when)
			}
			var fields []string
			for _, f := range auth.Collection().Fields {
				fields = append(fields, f.GetName())
			}
			if auth.Id != member.Id || auth.TokenKey() != member.TokenKey() || auth.Collection().Id != member.Collection().Id ||
				!slices.Equal(fields, []string{core.FieldNameId, core.FieldNameTokenKey}) || auth.GetString("email") != "" {
				t.Fatalf("%s: the tab keeps %s (fields %v, token key kept: %v), want the member's id and token key only",
					when, auth.Id, fields, auth.TokenKey() == member.TokenKey())
			}
		}
	}
	slim("subscribed")

	member.Set("displayName", "A new name")
	if err := w.app.Save(member); err != nil {
		t.Fatal(err)
	}
	slim("after the member changed")
	c := w.conversation(t, 1, 0, 1)
	w.message(t, 1, c, 1, "still heard")
	testutil.Eventually(t, 5*time.Second, "the message heard on both tabs", func() bool {
		return len(w.tabs[0][0].data("messages/*")) == 1 && len(w.tabs[0][1].data("messages/*")) == 1
	})

	member.RefreshTokenKey()
	if err := w.app.Save(member); err != nil {
		t.Fatal(err)
	}
	for _, tb := range w.tabs[0] {
		if auth := tb.client.Get(apis.RealtimeClientAuthKey); auth != nil {
			t.Fatalf("a new token key left the tab signed in: %v", auth)
		}
	}
}

package savedsearch_test

import (
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
	"github.com/pocketbase/pocketbase/tools/types"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/mailbox"
	"sponsorbridge/pb/internal/notify"
	"sponsorbridge/pb/internal/queue"
	"sponsorbridge/pb/internal/savedsearch"
	"sponsorbridge/pb/internal/testutil"
)

type alertWorld struct {
	app                  *tests.TestApp
	post                 func(t *testing.T, as map[string]string, body string) string
	ann, bob, cat, admin map[string]string
	eve, fay             map[string]string // two more posters (one listing per poster a day)
}

// newAlertWorld: ann saves "Schools" (requests about schools in
// Education), cat a paused search for the same, bob (who posts) a search
// his own listing matches; root is an administrator.
func newAlertWorld(t *testing.T) *alertWorld {
	app := apptest.NewApp(t, nil)
	t.Cleanup(app.Cleanup)
	ann := testutil.CreateMember(t, app, "ann", testutil.MemberOpts{Email: "ann@example.com"})
	bob := testutil.CreateMember(t, app, "bob", testutil.MemberOpts{Subscribed: true, Email: "bob@example.com"})
	cat := testutil.CreateMember(t, app, "cat", testutil.MemberOpts{Email: "cat@example.com"})
	root := testutil.CreateMember(t, app, "root", testutil.MemberOpts{Admin: true})
	eve := testutil.CreateMember(t, app, "eve", testutil.MemberOpts{Subscribed: true})
	fay := testutil.CreateMember(t, app, "fay", testutil.MemberOpts{Subscribed: true})
	saveSearch(t, app, ann, "Schools", "requests", `{"q":"school","categories":["Education"]}`)
	paused := saveSearch(t, app, cat, "Paused schools", "requests", `{"q":"school"}`)
	paused.Set("paused", true)
	if err := app.Save(paused); err != nil {
		t.Fatal(err)
	}
	saveSearch(t, app, bob, "Bob's own", "requests", `{"q":"school"}`)
	j := testutil.NewJourney(t, app) // its router loads the saved searches
	w := &alertWorld{app: app, ann: testutil.Cookie(t, ann), bob: testutil.Cookie(t, bob), cat: testutil.Cookie(t, cat),
		admin: testutil.Cookie(t, root), eve: testutil.Cookie(t, eve), fay: testutil.Cookie(t, fay)}
	w.post = func(t *testing.T, as map[string]string, body string) string { return postListing(t, j, app, as, body) }
	return w
}

// postListing posts a request (body) as the member of as, a step of j,
// and answers its id once its alerts and match notices are out.
func postListing(t *testing.T, j *testutil.Journey, app core.App, as map[string]string, body string) string {
	t.Helper()
	var title struct{ Title string }
	if err := json.Unmarshal([]byte(body), &title); err != nil {
		t.Fatal(err)
	}
	// the alerts wait until the answer is checked: the step counts the
	// post's own writes
	release := testutil.HoldListingJobs(t, app)
	var l struct{ ID string }
	j.Do(t, testutil.Call{Name: "posting " + title.Title, Method: http.MethodPost, URL: "/api/sponsorship-requests",
		Body: body, Headers: as, Status: 201,
		Want: []string{`"title":"` + title.Title + `"`}, Events: testutil.Writes(1, 0, 0)}).Decode(t, &l)
	release()
	settle(app)
	return l.ID
}

// settle waits until every alert and match announcement is out.
func settle(app core.App) {
	queue.Of(app).Wait()
}

// flushDigests runs the hourly digest job and waits for its mails.
func flushDigests(t *testing.T, app core.App) {
	t.Helper()
	if err := notify.FlushDigests(app); err != nil {
		t.Fatal(err)
	}
	queue.Of(app).Wait()
}

func request(title string) string {
	return `{"title":"` + title + `","description":"Books and benches for a village school","requestedAmount":"400",` +
		`"location":"Pune","categories":["Education"],"eventDate":"` + time.Now().AddDate(0, 1, 0).Format("2006-01-02") + `"}`
}

func alerts(t testing.TB, app core.App, username string) []*core.Record {
	var rows []*core.Record
	err := app.RecordQuery(notify.Collection).AndWhere(dbx.HashExp{
		"user": testutil.FindByUsername(t, app, username).Id, "type": notify.TypeSavedSearch}).OrderBy("created ASC").All(&rows)
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

// mailsTo reads the development mailbox (oldest first).
func mailsTo(t testing.TB, app core.App, address string) []mailbox.Message {
	t.Helper()
	msgs, err := mailbox.Read(mailbox.Dir(app), address)
	if err != nil {
		t.Fatal(err)
	}
	slices.Reverse(msgs)
	return msgs
}

func subjects(msgs []mailbox.Message) []string {
	var out []string
	for _, m := range msgs {
		out = append(out, m.Subject)
	}
	return out
}

func TestAMatchingListingAlertsOthersAtOnceAndMailsOncePerHour(t *testing.T) {
	t.Parallel()
	w := newAlertWorld(t)
	id := w.post(t, w.bob, request("New school library"))

	got := alerts(t, w.app, "ann")
	if len(got) != 1 {
		t.Fatalf("ann has %d alerts, want 1", len(got))
	}
	if got[0].GetString("title") != "New listing for “Schools”" || got[0].GetString("link") != "/listings/requests/"+id ||
		got[0].GetString("body") != "New school library" {
		t.Fatalf("alert reads %q / %q / %q", got[0].GetString("title"), got[0].GetString("body"), got[0].GetString("link"))
	}
	if n := len(alerts(t, w.app, "bob")); n != 0 {
		t.Fatalf("the poster was alerted about his own listing (%d)", n)
	}
	if n := len(alerts(t, w.app, "cat")); n != 0 {
		t.Fatalf("a paused search alerted (%d)", n)
	}

	// The first e-mail goes at once, with a one-click unsubscribe.
	annMail := mailsTo(t, w.app, "ann@example.com")
	if got := subjects(annMail); len(got) != 1 || got[0] != "New listing for your saved search “Schools”" {
		t.Fatalf("ann's mails: %q", got)
	}
	last := annMail[0]
	if !strings.HasPrefix(last.Headers["List-Unsubscribe"], "<"+testutil.Origin+"/api/email/unsubscribe?") ||
		last.Headers["List-Unsubscribe-Post"] != "List-Unsubscribe=One-Click" {
		t.Fatalf("unsubscribe headers: %v", last.Headers)
	}
	if !strings.Contains(last.Text, "/listings/requests/"+id) || !strings.Contains(last.HTML, "/home?categories=Education&amp;q=school&amp;tab=requests") {
		t.Fatalf("the mail does not link the listing and the search:\n%s\n%s", last.Text, last.HTML)
	}
	if mailsTo(t, w.app, "bob@example.com") != nil || mailsTo(t, w.app, "cat@example.com") != nil {
		t.Fatal("the poster or a paused search got mail")
	}

	// Two more within the hour: two more in-app alerts, no mail until the
	// hour is up, then one mail holding both.
	w.post(t, w.eve, request("School roof repair"))
	w.post(t, w.fay, request("School sports day"))
	if n := len(alerts(t, w.app, "ann")); n != 3 {
		t.Fatalf("ann has %d alerts, want 3", n)
	}
	flushDigests(t, w.app)
	if n := len(mailsTo(t, w.app, "ann@example.com")); n != 1 {
		t.Fatalf("ann got %d mails within the hour, want 1", n)
	}
	_, err := w.app.DB().NewQuery("UPDATE mail_digests SET lastSentAt = {:t}").
		Bind(dbx.Params{"t": types.NowDateTime().Add(-61 * time.Minute).String()}).Execute()
	if err != nil {
		t.Fatal(err)
	}
	flushDigests(t, w.app)
	annMail = mailsTo(t, w.app, "ann@example.com")
	if got := subjects(annMail); len(got) != 2 || got[1] != "2 new listings for your saved search “Schools”" {
		t.Fatalf("after the hour ann's mails are %q", got)
	}
	body := annMail[1].Text
	if !strings.Contains(body, "School roof repair") || !strings.Contains(body, "School sports day") {
		t.Fatalf("the digest does not list both listings:\n%s", body)
	}
	flushDigests(t, w.app)
	if n := len(mailsTo(t, w.app, "ann@example.com")); n != 2 {
		t.Fatalf("an empty batch was mailed again (%d)", n)
	}
}

func TestListingsThatDoNotMatchOrAreRejectedNeverAlert(t *testing.T) {
	t.Parallel()
	w := newAlertWorld(t)
	w.post(t, w.bob, `{"title":"Jazz night","description":"Instruments for a band","requestedAmount":"400","location":"Pune","categories":["Arts"],"eventDate":"`+
		time.Now().AddDate(0, 1, 0).Format("2006-01-02")+`"}`)
	if n := len(alerts(t, w.app, "ann")); n != 0 {
		t.Fatalf("a listing outside the search alerted (%d)", n)
	}

	// A rejected listing edited by its poster stays hidden: no alert; an
	// administrator's approval makes it visible and alerts then.
	bob := testutil.FindByUsername(t, w.app, "bob")
	hidden := testutil.CreateListing(t, w.app, "sponsorship_requests", bob, testutil.ListingOpts{Title: "School garden",
		Categories: []string{"Education"}, Reviewed: true, Approved: false, RejectionReason: "Add a budget"})
	settle(w.app)
	if n := len(alerts(t, w.app, "ann")); n != 0 {
		t.Fatalf("a rejected listing alerted (%d)", n)
	}
	hidden = testutil.Find(t, w.app, "sponsorship_requests", hidden.Id) // as the moderation route loads it
	hidden.Set("approved", true)
	if err := w.app.Save(hidden); err != nil {
		t.Fatal(err)
	}
	settle(w.app)
	got := alerts(t, w.app, "ann")
	if len(got) != 1 || got[0].GetString("body") != "School garden" {
		t.Fatalf("approval did not alert once: %d", len(got))
	}
}

func TestAlertsRespectTheMembersMailChoice(t *testing.T) {
	t.Parallel()
	w := newAlertWorld(t)
	ann := testutil.FindByUsername(t, w.app, "ann")
	ann.Set("emailPrefs", map[string]bool{"alerts": false})
	if err := w.app.Save(ann); err != nil {
		t.Fatal(err)
	}
	w.post(t, w.bob, request("School chairs"))
	if n := len(alerts(t, w.app, "ann")); n != 1 {
		t.Fatalf("the in-app alert depends on mail choices (%d)", n)
	}
	if got := mailsTo(t, w.app, "ann@example.com"); got != nil {
		t.Fatalf("ann switched alert mail off and got %q", subjects(got))
	}
}

// Another member's saved searches never show through the alert either: the
// alert names only the receiver's own search.
func TestAnAlertNamesOnlyTheReceiversSearch(t *testing.T) {
	t.Parallel()
	w := newAlertWorld(t)
	dee := testutil.CreateMember(t, w.app, "dee", testutil.MemberOpts{Email: "dee@example.com"})
	saveSearch(t, w.app, dee, "Dee's private plan", "requests", `{"categories":["Education"]}`)
	if err := savedsearch.From(w.app).Load(); err != nil {
		t.Fatal(err)
	}
	w.post(t, w.bob, request("School lab"))
	for _, who := range []string{"ann", "dee"} {
		for _, a := range alerts(t, w.app, who) {
			raw, _ := json.Marshal(a)
			other := map[string]string{"ann": "Dee's private plan", "dee": "Schools"}[who]
			if strings.Contains(string(raw), other) {
				t.Fatalf("%s's alert names another member's search: %s", who, raw)
			}
		}
	}
	if len(alerts(t, w.app, "dee")) != 1 {
		t.Fatal("dee was not alerted")
	}
}

// An alert names only a listing that can still be backed: one that becomes
// visible while closed by its poster, or after its event passed, alerts
// nobody (the list it links to leaves such listings out by default too).
func TestListingsThatCannotBeBackedNeverAlert(t *testing.T) {
	t.Parallel()
	w := newAlertWorld(t)
	bob := testutil.FindByUsername(t, w.app, "bob")
	closed := testutil.CreateListing(t, w.app, "sponsorship_requests", bob, testutil.ListingOpts{Title: "School choir (closed)",
		Categories: []string{"Education"}, Status: "closed", Reviewed: true, Approved: false, RejectionReason: "Add a budget"})
	passed := testutil.CreateListing(t, w.app, "sponsorship_requests", bob, testutil.ListingOpts{Title: "School fair (past)",
		Categories: []string{"Education"}, Reviewed: true, Approved: false, RejectionReason: "Add a budget"})
	passed.Set("eventDate", time.Now().AddDate(0, 0, -3).UTC().Format("2006-01-02")+" 00:00:00.000Z")
	if err := w.app.Save(passed); err != nil {
		t.Fatal(err)
	}
	settle(w.app)
	for _, id := range []string{closed.Id, passed.Id} {
		r := testutil.Find(t, w.app, "sponsorship_requests", id) // as the moderation route loads it
		r.Set("approved", true)
		if err := w.app.Save(r); err != nil {
			t.Fatal(err)
		}
	}
	settle(w.app)
	if got := alerts(t, w.app, "ann"); len(got) != 0 {
		t.Fatalf("a listing that cannot be backed alerted: %q", got[0].GetString("body"))
	}
	// The same search still alerts for an open one.
	w.post(t, w.eve, request("School benches"))
	if got := alerts(t, w.app, "ann"); len(got) != 1 || got[0].GetString("body") != "School benches" {
		t.Fatalf("an open listing did not alert once: %d", len(got))
	}
}

// storeListing stores an open listing of owner's in table ("sponsorships"
// or "sponsorship_requests") with fields over the defaults, and waits for
// the alerts it queues.
func storeListing(t *testing.T, app core.App, table string, owner *core.Record, title string, fields map[string]any) string {
	t.Helper()
	c, err := app.FindCollectionByNameOrId(table)
	if err != nil {
		t.Fatal(err)
	}
	amount := "amount"
	if table == "sponsorship_requests" {
		amount = "requestedAmount"
	}
	r := core.NewRecord(c)
	r.Load(map[string]any{"title": title, "description": "A description.", amount: 500, "status": "open",
		"categories": []string{"Community"}, "user": owner.Id})
	r.Load(fields)
	if err := app.Save(r); err != nil {
		t.Fatal(err)
	}
	settle(app)
	return r.Id
}

// alertedOn answers the usernames a saved-search alert about listing id
// went to, sorted.
func alertedOn(t *testing.T, app core.App, id string) []string {
	t.Helper()
	var users []string
	if err := app.DB().Select("user").From(notify.Collection).
		Where(dbx.HashExp{"type": notify.TypeSavedSearch, "subject": id}).Column(&users); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, u := range users {
		names = append(names, testutil.Find(t, app, "users", u).GetString("username"))
	}
	slices.Sort(names)
	return names
}

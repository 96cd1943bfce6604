package listings_test

import (
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/listings"
	"sponsorbridge/pb/internal/notify"
	"sponsorbridge/pb/internal/testutil"
)

func dayFromNow(d int) string {
	return time.Now().AddDate(0, 0, d).UTC().Format("2006-01-02") + " 00:00:00.000Z"
}

func withEvent(t testing.TB, app core.App, owner *core.Record, title, status, eventDate string) *core.Record {
	r := testutil.CreateListing(t, app, "sponsorship_requests", owner, testutil.ListingOpts{Title: title, Status: status})
	r = testutil.Find(t, app, "sponsorship_requests", r.Id)
	r.Set("eventDate", eventDate)
	if err := app.Save(r); err != nil {
		t.Fatal(err)
	}
	return r
}

// seedEvents: pia's requests: one whose event was three days ago (still
// stored open, as between two runs of the job), one yesterday (the day is
// not over everywhere: still open), one next week, one past but sponsored.
func seedEvents(t testing.TB, app core.App) {
	pia := testutil.CreateMember(t, app, "pia", testutil.MemberOpts{Email: "pia@example.com"})
	testutil.CreateMember(t, app, "sam", testutil.MemberOpts{})
	withEvent(t, app, pia, "Past fair", "open", dayFromNow(-3))
	withEvent(t, app, pia, "Next week's fair", "open", dayFromNow(7))
	withEvent(t, app, pia, "Sponsored past fair", "sponsored", dayFromNow(-3))
}

func requestID(t testing.TB, app core.App, title string) string {
	r, err := app.FindFirstRecordByData("sponsorship_requests", "title", title)
	if err != nil {
		t.Fatal(err)
	}
	return r.Id
}

// Between two runs of the job a past event is still stored open: every
// read shows it closed, and nobody can sponsor it.
func TestPastEventsReadClosedBeforeTheJobRuns(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t, nil)
	defer app.Cleanup()
	seedEvents(t, app)
	srv := testutil.Serve(t, app) // the start's run closes "Past fair"
	pia := testutil.FindByUsername(t, app, "pia")
	late := withEvent(t, app, pia, "Fair that just passed", "open", dayFromNow(-2))
	sam := testutil.Cookie(t, testutil.FindByUsername(t, app, "sam"))
	owner := testutil.Cookie(t, pia)

	for _, c := range []struct {
		name, method, path, body string
		as                       map[string]string
		status                   int
		want, notWant            []string
	}{
		{"status=open leaves past events out", "GET", "/api/sponsorship-requests?status=open", "", sam, 200,
			[]string{"Next week's fair"}, []string{"Fair that just passed", "Past fair"}},
		{"status=closed includes them", "GET", "/api/sponsorship-requests?status=closed", "", sam, 200,
			[]string{`"title":"Fair that just passed"`, `"title":"Past fair"`}, []string{"Next week's fair"}},
		{"its detail says closed", "GET", "/api/sponsorship-requests/" + late.Id, "", sam, 200,
			[]string{`"status":"closed"`}, []string{`"status":"open"`}},
		{"it cannot be sponsored", "POST", "/api/sponsorship-requests/" + late.Id + "/sponsor", "", sam, 409,
			[]string{"This request's event date has passed; it can no longer be sponsored."}, nil},
		{"reopening without a new date is refused", "PATCH", "/api/sponsorship-requests/" + late.Id, `{"status":"open"}`, owner, 400,
			[]string{"Move the event date forward to reopen this request."}, nil},
	} {
		code, body := testutil.DoRead(t, srv, c.method, c.path, c.body, c.as)
		if code != c.status {
			t.Fatalf("%s: %d %s", c.name, code, body)
		}
		for _, w := range c.want {
			if !strings.Contains(body, w) {
				t.Errorf("%s: no %s in %s", c.name, w, body)
			}
		}
		for _, w := range c.notWant {
			if strings.Contains(body, w) {
				t.Errorf("%s: %s in %s", c.name, w, body)
			}
		}
	}
	if n, _ := app.CountRecords("commitments"); n != 0 {
		t.Fatalf("%d commitments written", n)
	}
	// Moving the date forward reopens it (also one the job already closed).
	for _, id := range []string{late.Id, requestID(t, app, "Past fair")} {
		next := dayFromNow(10)[:10]
		code, body := testutil.DoRead(t, srv, "PATCH", "/api/sponsorship-requests/"+id, `{"status":"open","eventDate":"`+next+`"}`, owner)
		if code != 200 || !strings.Contains(body, `"status":"open"`) || !strings.Contains(body, `"eventDate":"`+next) {
			t.Fatalf("reopening with a new date: %d %s", code, body)
		}
	}
	code, body := testutil.DoRead(t, srv, "GET", "/api/sponsorship-requests?status=open", "", sam)
	if code != 200 || !strings.Contains(body, "Fair that just passed") || !strings.Contains(body, `"title":"Past fair"`) {
		t.Fatalf("reopened requests are not listed open: %s", body)
	}
}

func TestTheJobClosesPastEventsOnceAndTellsThePoster(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t, nil)
	defer app.Cleanup()
	seedEvents(t, app)

	// Several runs at once (start and cron overlapping) close and notify once.
	var wg sync.WaitGroup
	total := make(chan int, 4)
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			n, err := listings.CloseEventsPassed(app)
			if err != nil {
				t.Error(err)
			}
			total <- n
		}()
	}
	wg.Wait()
	close(total)
	sum := 0
	for n := range total {
		sum += n
	}
	if sum != 1 {
		t.Fatalf("%d requests closed, want 1", sum)
	}
	for title, want := range map[string]string{"Past fair": "closed", "Next week's fair": "open", "Sponsored past fair": "sponsored"} {
		if got := testutil.Find(t, app, "sponsorship_requests", requestID(t, app, title)).GetString("status"); got != want {
			t.Errorf("%s: %s, want %s", title, got, want)
		}
	}
	var notes []*core.Record
	if err := app.RecordQuery(notify.Collection).AndWhere(dbx.HashExp{"type": notify.TypeEventPassed}).All(&notes); err != nil {
		t.Fatal(err)
	}
	if len(notes) != 1 || notes[0].GetString("title") != "“Past fair” is closed: its event date has passed" ||
		notes[0].GetString("link") != "/listings/requests/"+requestID(t, app, "Past fair") {
		t.Fatalf("notifications: %d", len(notes))
	}
	if n, _ := listings.CloseEventsPassed(app); n != 0 {
		t.Fatalf("a second run closed %d", n)
	}
}

// "Change the event date to reopen": a new future date alone reopens a
// request closed because its event passed (closed by the job, or not yet),
// and its detail then says open; a request its poster closed before the
// event stays closed through an edit of its date.
func TestANewEventDateReopensAPassedRequest(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t, nil)
	defer app.Cleanup()
	seedEvents(t, app)
	srv := testutil.Serve(t, app) // the start's run closes "Past fair"
	pia := testutil.FindByUsername(t, app, "pia")
	late := withEvent(t, app, pia, "Fair that just passed", "open", dayFromNow(-2))
	withdrawn := withEvent(t, app, pia, "Withdrawn walk", "closed", dayFromNow(5))
	owner := testutil.Cookie(t, pia)
	next := dayFromNow(10)[:10]
	for _, c := range []struct {
		id, body, want string
	}{
		{requestID(t, app, "Past fair"), `{"eventDate":"` + next + `"}`, `"status":"open"`},
		{late.Id, `{"eventDate":"` + next + `","title":"Fair that moved"}`, `"status":"open"`},
		{withdrawn.Id, `{"eventDate":"` + next + `"}`, `"status":"closed","closedReason":"poster"`},
		{requestID(t, app, "Sponsored past fair"), `{"eventDate":"` + next + `"}`, `"status":"sponsored","closedReason":"sponsored"`},
	} {
		code, body := testutil.DoRead(t, srv, "PATCH", "/api/sponsorship-requests/"+c.id, c.body, owner)
		if code != 200 || !strings.Contains(body, c.want) {
			t.Fatalf("PATCH %s: %d %s, want %s", c.body, code, body, c.want)
		}
		if c.want == `"status":"open"` && strings.Contains(body, "closedReason") {
			t.Fatalf("a reopened request still says why it was closed: %s", body)
		}
	}
	if got := testutil.Find(t, app, "sponsorship_requests", requestID(t, app, "Past fair")).GetString("status"); got != "open" {
		t.Fatalf("the job-closed request is stored %s", got)
	}
	// A date still in the past leaves it closed: the form says why.
	code, body := testutil.DoRead(t, srv, "PATCH", "/api/sponsorship-requests/"+requestID(t, app, "Sponsored past fair"),
		`{"eventDate":"`+dayFromNow(-3)[:10]+`"}`, owner)
	if code != 400 || !strings.Contains(body, "Event date cannot be in the past") {
		t.Fatalf("a past date: %d %s", code, body)
	}
}

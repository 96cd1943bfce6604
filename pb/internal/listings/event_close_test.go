package listings_test

import (
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/apptest"
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
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	seedEvents(t, app)
	j := testutil.NewJourney(t, app) // the start's run closes "Past fair"
	pia := testutil.FindByUsername(t, app, "pia")
	late := withEvent(t, app, pia, "Fair that just passed", "open", dayFromNow(-2))
	sam := testutil.Cookie(t, testutil.FindByUsername(t, app, "sam"))
	owner := testutil.Cookie(t, pia)
	read, refused := testutil.NoWrites(), testutil.NoWrites()

	for _, s := range []tests.ApiScenario{
		{Name: "status=open leaves past events out", Method: http.MethodGet, URL: "/api/sponsorship-requests?status=open", Headers: sam,
			ExpectedStatus: 200, ExpectedEvents: read,
			ExpectedContent: []string{"Next week's fair"}, NotExpectedContent: []string{"Fair that just passed", "Past fair"}},
		{Name: "status=closed includes them", Method: http.MethodGet, URL: "/api/sponsorship-requests?status=closed", Headers: sam,
			ExpectedStatus: 200, ExpectedEvents: read,
			ExpectedContent: []string{`"title":"Fair that just passed"`, `"title":"Past fair"`}, NotExpectedContent: []string{"Next week's fair"}},
		{Name: "its detail says closed", Method: http.MethodGet, URL: "/api/sponsorship-requests/" + late.Id, Headers: sam,
			ExpectedStatus: 200, ExpectedEvents: read,
			ExpectedContent: []string{`"status":"closed"`}, NotExpectedContent: []string{`"status":"open"`}},
		{Name: "it cannot be sponsored", Method: http.MethodPost, URL: "/api/sponsorship-requests/" + late.Id + "/sponsor", Headers: sam,
			ExpectedStatus: 409, ExpectedEvents: refused,
			ExpectedContent: []string{"This request's event date has passed; it can no longer be sponsored."}},
		{Name: "one the job has closed says why too", Method: http.MethodPost, URL: "/api/sponsorship-requests/" + requestID(t, app, "Past fair") + "/sponsor",
			Headers: sam, ExpectedStatus: 409, ExpectedEvents: refused,
			ExpectedContent: []string{"This request's event date has passed; it can no longer be sponsored."}},
		{Name: "reopening without a new date is refused", Method: http.MethodPatch, URL: "/api/sponsorship-requests/" + late.Id,
			Body: strings.NewReader(`{"status":"open"}`), Headers: owner, ExpectedStatus: 400, ExpectedEvents: refused,
			ExpectedContent: []string{"Move the event date forward to reopen this request."}},
	} {
		j.Step(t, s)
	}
	if n, _ := app.CountRecords("commitments"); n != 0 {
		t.Fatalf("%d commitments written", n)
	}
	// Moving the date forward reopens it (also one the job already closed);
	// matches and alerts for it follow in the background.
	for _, id := range []string{late.Id, requestID(t, app, "Past fair")} {
		next := dayFromNow(10)[:10]
		j.Step(t, tests.ApiScenario{Name: "reopening with a new date", Method: http.MethodPatch, URL: "/api/sponsorship-requests/" + id,
			Body: strings.NewReader(`{"status":"open","eventDate":"` + next + `"}`), Headers: owner,
			ExpectedStatus: 200, ExpectedEvents: map[string]int{"OnRecordUpdate": 1, "OnRecordDelete": 0},
			ExpectedContent: []string{`"status":"open"`, `"eventDate":"` + next}})
	}
	j.Step(t, tests.ApiScenario{Name: "reopened requests are listed open", Method: http.MethodGet, URL: "/api/sponsorship-requests?status=open",
		Headers: sam, ExpectedStatus: 200, ExpectedEvents: read, ExpectedContent: []string{"Fair that just passed", `"title":"Past fair"`}})
}

func TestTheJobClosesPastEventsOnceAndTellsThePoster(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	seedEvents(t, app)
	// Each close is one save: its record hooks (and realtime) hear of it once,
	// as it was and as it is.
	var heard []string
	var mu sync.Mutex
	app.OnRecordAfterUpdateSuccess("sponsorship_requests").BindFunc(func(e *core.RecordEvent) error {
		mu.Lock()
		heard = append(heard, e.Record.GetString("title")+": "+e.Record.Original().GetString("status")+" → "+e.Record.GetString("status"))
		mu.Unlock()
		return e.Next()
	})

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
	if len(heard) != 1 || heard[0] != "Past fair: open → closed" {
		t.Fatalf("the hooks heard %q, want the one close", heard)
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
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	seedEvents(t, app)
	j := testutil.NewJourney(t, app) // the start's run closes "Past fair"
	pia := testutil.FindByUsername(t, app, "pia")
	late := withEvent(t, app, pia, "Fair that just passed", "open", dayFromNow(-2))
	withdrawn := withEvent(t, app, pia, "Withdrawn walk", "closed", dayFromNow(5))
	owner := testutil.Cookie(t, pia)
	next := dayFromNow(10)[:10]
	for _, c := range []struct {
		name, id, body, want string
	}{
		{"closed by the job", requestID(t, app, "Past fair"), `{"eventDate":"` + next + `"}`, `"status":"open"`},
		{"passed, not yet closed", late.Id, `{"eventDate":"` + next + `","title":"Fair that moved"}`, `"status":"open"`},
		{"closed by its poster", withdrawn.Id, `{"eventDate":"` + next + `"}`, `"status":"closed","closedReason":"poster"`},
		{"sponsored", requestID(t, app, "Sponsored past fair"), `{"eventDate":"` + next + `"}`, `"status":"sponsored","closedReason":"sponsored"`},
	} {
		s := tests.ApiScenario{Name: c.name + ": a new date", Method: http.MethodPatch, URL: "/api/sponsorship-requests/" + c.id,
			Body: strings.NewReader(c.body), Headers: owner, ExpectedStatus: 200, ExpectedContent: []string{c.want},
			// the edit; matches and alerts for a reopened one follow in the background
			ExpectedEvents: map[string]int{"OnRecordUpdate": 1, "OnRecordDelete": 0}}
		if c.want == `"status":"open"` {
			s.NotExpectedContent = []string{"closedReason"} // a reopened request no longer says why it was closed
		}
		j.Step(t, s)
	}
	if got := testutil.Find(t, app, "sponsorship_requests", requestID(t, app, "Past fair")).GetString("status"); got != "open" {
		t.Fatalf("the job-closed request is stored %s", got)
	}
	// A date still in the past leaves it closed: the form says why.
	j.Step(t, tests.ApiScenario{Name: "a past date", Method: http.MethodPatch,
		URL:  "/api/sponsorship-requests/" + requestID(t, app, "Sponsored past fair"),
		Body: strings.NewReader(`{"eventDate":"` + dayFromNow(-3)[:10] + `"}`), Headers: owner,
		ExpectedStatus: 400, ExpectedEvents: testutil.NoWrites(), ExpectedContent: []string{"Event date cannot be in the past"}})
}

package reports_test

import (
	"net/http"
	"strconv"
	"testing"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/deals"
	"sponsorbridge/pb/internal/testutil"
)

// shares makes deliverables with a due date: onTime done on it (at 22:30
// in India), late done at 00:30 in India the day after (still the due date
// in UTC: a count by UTC dates would call it on time).
func shares(onTime, late int) []deals.Deliverable {
	var out []deals.Deliverable
	for i := range onTime + late {
		done := "2026-03-10T17:00:00Z"
		if i >= onTime {
			done = "2026-03-10T19:00:00Z"
		}
		out = append(out, deals.Deliverable{ID: "d" + strconv.Itoa(i), Title: "Item", Due: "2026-03-10", DoneAt: done})
	}
	return out
}

// saveReport stores a report of dealID with an attendance figure.
func saveReport(t testing.TB, app core.App, dealID, status string, attendance int) *core.Record {
	t.Helper()
	c, err := app.FindCollectionByNameOrId("impact_reports")
	if err != nil {
		t.Fatal(err)
	}
	r := core.NewRecord(c)
	r.Load(map[string]any{"deal": dealID, "status": status,
		"figures": `[{"id":"a","kind":"reach","label":"Reach","value":900000,"asOf":"2026-03-01","evidence":""},
			{"id":"b","kind":"attendance","label":"Tickets","value":` + strconv.Itoa(attendance) + `,"asOf":"2026-03-01","evidence":""}]`})
	if err := app.Save(r); err != nil {
		t.Fatal(err)
	}
	return r
}

// The benchmark counts the other counted deals of the festival's category
// and amount band: never a cancelled one nor one ever disputed, nor another
// category or band. With 4 there is not enough to compare; with 5 the
// festival's on-time share stands among theirs, and once 5 of their
// published reports have an attendance figure, its cost per attendee.
func TestBenchmark(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	seed(t, app)
	j := testutil.NewJourney(t, app)
	sid, olive := testutil.FindByUsername(t, app, "sid").Id, testutil.FindByUsername(t, app, "olive").Id
	comparable := func(amount int, items []deals.Deliverable) *core.Record {
		return saveDeal(t, app, dealOpts{sponsor: sid, recipient: olive, amount: amount, category: "music", status: deals.StatusCompleted, items: items})
	}
	// on time 100%, 0% (late by the Indian date), 50%, 100%
	for _, c := range []struct {
		amount, onTime, late, attendance int
	}{{20000, 2, 0, 400}, {30000, 0, 1, 1000}, {15000, 1, 1, 100}, {40000, 3, 0, 2000}} {
		d := comparable(c.amount, shares(c.onTime, c.late))
		saveReport(t, app, d.Id, "published", c.attendance)
	}
	// none of these compares
	saveDeal(t, app, dealOpts{sponsor: sid, recipient: olive, amount: 20000, category: "music", status: deals.StatusCancelled, items: shares(1, 0)})
	saveDeal(t, app, dealOpts{sponsor: sid, recipient: olive, amount: 20000, category: "music", status: deals.StatusCompleted,
		disputedAt: "2026-03-15 10:00:00.000Z", items: shares(1, 0)})
	saveDeal(t, app, dealOpts{sponsor: sid, recipient: olive, amount: 20000, category: "art", status: deals.StatusCompleted, items: shares(1, 0)})
	saveDeal(t, app, dealOpts{sponsor: sid, recipient: olive, amount: 50001, category: "music", status: deals.StatusCompleted, items: shares(1, 0)})
	saveDeal(t, app, dealOpts{sponsor: sid, recipient: olive, amount: 10000, category: "music", status: deals.StatusCompleted, items: shares(1, 0)})
	saveDeal(t, app, dealOpts{sponsor: sid, recipient: olive, amount: 20000, category: "music", status: deals.StatusDelivered, items: shares(1, 0)})

	read := func(name string, want ...string) {
		t.Helper()
		j.Do(t, testutil.Call{Name: name, Who: "rita", Method: http.MethodGet, URL: report, Status: 200, Want: want})
	}
	read("4 comparable deals are not enough",
		`"benchmark":{"enough":false,"comparable":4,"band":"$10,001–50,000","onTimeShare":null,"costPerAttendee":null}`)

	// a fifth, with no due dates (no on-time share) and its report a draft
	fifth := comparable(25000, []deals.Deliverable{{ID: "x", Title: "Item", DoneAt: "2026-03-10T10:00:00Z"}})
	draft := saveReport(t, app, fifth.Id, "draft", 500)
	read("5 are: the on-time share stands among the 4 that have one",
		`"benchmark":{"enough":true,"comparable":5,"band":"$10,001–50,000","onTimeShare":{"this":50,"median":75,"betterThan":50},"costPerAttendee":null}`)

	j.Do(t, testutil.Call{Name: "the festival's attendance", Who: "rita", Method: http.MethodPut, URL: report, Status: 200, Events: saved,
		Body: `{"figures":[{"kind":"attendance","label":"Tickets","value":300},{"kind":"attendance","label":"At the gate","value":400}]}`,
		Want: []string{`"costPerAttendee":null`}})
	draft.Set("status", "published")
	if err := app.Save(draft); err != nil {
		t.Fatal(err)
	}
	// $ per attendee: 50, 30, 150, 20 and 50; the festival's 20,000 ÷ 400
	read("5 published reports with attendance: the cost per attendee",
		`"costPerAttendee":{"this":50,"median":50}`)
	j.Do(t, testutil.Call{Name: "the sponsor does not read the draft's attendance through it", Who: "sam", Method: http.MethodGet, URL: report, Status: 200,
		Want: []string{`"onTimeShare":{"this":50,"median":75,"betterThan":50},"costPerAttendee":null`}})
}

// A deal without a category compares with nothing; the bands' edges.
func TestBenchmarkBands(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	seed(t, app)
	j := testutil.NewJourney(t, app)
	sam, rita := testutil.FindByUsername(t, app, "sam").Id, testutil.FindByUsername(t, app, "rita").Id
	for _, c := range []struct {
		amount   int
		category string
		band     string
	}{{1000, "", "$1–1,000"}, {1001, "", "$1,001–10,000"}, {50000, "", "$10,001–50,000"}, {50001, "", "above $50,000"}} {
		d := saveDeal(t, app, dealOpts{sponsor: sam, recipient: rita, amount: c.amount, category: c.category, status: deals.StatusCompleted})
		for range 5 { // comparable but for the missing category
			saveDeal(t, app, dealOpts{sponsor: sam, recipient: rita, amount: c.amount, category: c.category, status: deals.StatusCompleted})
		}
		j.Do(t, testutil.Call{Name: c.band, Who: "rita", Method: http.MethodGet, URL: "/api/deals/" + d.Id + "/report", Status: 200,
			Want: []string{`"benchmark":{"enough":false,"comparable":0,"band":"` + c.band + `"`}})
	}
}

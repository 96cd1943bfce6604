package deals_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/testutil"
)

// TestDealListsCostNoQueryPerRow: a page of 20 deals costs the SQL a page
// of 1 does, each deal with its own sponsor (one of whom deleted their
// account and still reads "Deleted member").
func TestDealListsCostNoQueryPerRow(t *testing.T) {
	cases := []struct {
		name, url, reader, marker string
		reviews                   bool // each deal reviewed by its sponsor
	}{
		{"the member's deals", "/api/deals", "rita", `"sponsor":{`, false},
		{"the disputes, to the administrators", "/api/admin/disputes", "boss", `"sponsor":{`, false},
		{"the reviews of a member", "/api/users/{rita}/reviews", "olive", `"author":{`, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			app := apptest.NewApp(t, nil)
			t.Cleanup(app.Cleanup)
			seed(t, app)
			h := testutil.Handler(t, app)
			q := testutil.WatchQueries(t, app)
			headers := testutil.Cookie(t, testutil.FindByUsername(t, app, c.reader))
			url := strings.ReplaceAll(c.url, "{rita}", testutil.FindByUsername(t, app, "rita").Id)
			addDeals(t, app, 0, 1, c.reviews, true)
			one, body := q.Get(t, h, url, headers)
			if !strings.Contains(body, `"displayName":"Deleted member"`) {
				t.Fatalf("the page of 1 reads %s", body)
			}
			addDeals(t, app, 1, 20, c.reviews, false)
			twenty, body := q.Get(t, h, url, headers)
			if n := strings.Count(body, c.marker); n != 20 {
				t.Fatalf("the page of 20 has %d rows: %s", n, body)
			}
			if !strings.Contains(body, `"username":"sponsor19"`) || !strings.Contains(body, `"displayName":"Deleted member"`) ||
				!strings.Contains(body, `"title":"Street festival"`) {
				t.Fatalf("the page of 20 lacks its sponsors: %s", body)
			}
			t.Logf("a page of 1 costs %d queries, of 20 %d", len(one), len(twenty))
			if len(one) != len(twenty) {
				t.Errorf("a page of 1 costs %d queries, of 20 %d:\n%s", len(one), len(twenty), strings.Join(twenty, "\n"))
			}
		})
	}
}

// addDeals saves disputed deals from first to last-1 on rita's request,
// each with its own sponsor, who reviewed rita when reviewed; deleted: the
// first one's sponsor deleted their account.
func addDeals(t testing.TB, app core.App, first, last int, reviewed, deleted bool) {
	t.Helper()
	rita := testutil.FindByUsername(t, app, "rita")
	req, err := app.FindFirstRecordByData("sponsorship_requests", "title", "Street festival")
	if err != nil {
		t.Fatal(err)
	}
	c, err := app.FindCollectionByNameOrId("deals")
	if err != nil {
		t.Fatal(err)
	}
	for i := first; i < last; i++ {
		sponsor := testutil.CreateMember(t, app, fmt.Sprintf("sponsor%d", i), testutil.MemberOpts{})
		d := core.NewRecord(c)
		d.Set("listingKind", "sponsorship_requests")
		d.Set("listingId", req.Id)
		d.Set("title", "Street festival")
		d.Set("sponsor", sponsor.Id)
		d.Set("recipient", rita.Id)
		d.Set("amount", 100)
		d.Set("status", "disputed")
		d.Set("disputedAt", types.NowDateTime())
		d.Set("disputedBy", rita.Id)
		if err := app.Save(d); err != nil {
			t.Fatal(err)
		}
		if reviewed {
			review(t, app, d, sponsor, rita)
		}
		if deleted && i == first {
			if err := app.Delete(sponsor); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// review saves author's shown review of subject on deal d.
func review(t testing.TB, app core.App, d, author, subject *core.Record) {
	t.Helper()
	c, err := app.FindCollectionByNameOrId("reviews")
	if err != nil {
		t.Fatal(err)
	}
	r := core.NewRecord(c)
	r.Set("deal", d.Id)
	r.Set("author", author.Id)
	r.Set("subject", subject.Id)
	r.Set("rating", 5)
	r.Set("body", "Great to work with.")
	r.Set("visibleAt", types.NowDateTime().Add(-time.Hour))
	if err := app.Save(r); err != nil {
		t.Fatal(err)
	}
}

// TestDealPageCostsNoQueryPerEvent: a deal's page with 20 events (each by
// its own member) and 20 updates costs the SQL it does with 1 of each.
func TestDealPageCostsNoQueryPerEvent(t *testing.T) {
	app := apptest.NewApp(t, nil)
	t.Cleanup(app.Cleanup)
	seed(t, app)
	h := testutil.Handler(t, app)
	q := testutil.WatchQueries(t, app)
	rita := testutil.FindByUsername(t, app, "rita")
	addDeals(t, app, 0, 1, false, false)
	d, err := app.FindFirstRecordByData("deals", "recipient", rita.Id)
	if err != nil {
		t.Fatal(err)
	}
	headers := testutil.Cookie(t, rita)
	addHistory(t, app, d, 0, 1)
	one, body := q.Get(t, h, "/api/deals/"+d.Id, headers)
	if !strings.Contains(body, `"username":"actor0"`) || !strings.Contains(body, `"body":"Update 0"`) {
		t.Fatalf("the page with 1 event reads %s", body)
	}
	addHistory(t, app, d, 1, 20)
	twenty, body := q.Get(t, h, "/api/deals/"+d.Id, headers)
	if n := strings.Count(body, `"actor":{`); n != 20 {
		t.Fatalf("the page has %d events: %s", n, body)
	}
	if !strings.Contains(body, `"username":"actor19"`) || !strings.Contains(body, `"body":"Update 19"`) {
		t.Fatalf("the page lacks its history: %s", body)
	}
	t.Logf("a page with 1 event costs %d queries, with 20 %d", len(one), len(twenty))
	if len(one) != len(twenty) {
		t.Errorf("a page with 1 event costs %d queries, with 20 %d:\n%s", len(one), len(twenty), strings.Join(twenty, "\n"))
	}
}

// addHistory saves events on deal d by actor<first> to actor<last-1>, and
// as many updates by rita on its request.
func addHistory(t testing.TB, app core.App, d *core.Record, first, last int) {
	t.Helper()
	events, err := app.FindCollectionByNameOrId("deal_events")
	if err != nil {
		t.Fatal(err)
	}
	updates, err := app.FindCollectionByNameOrId("request_updates")
	if err != nil {
		t.Fatal(err)
	}
	for i := first; i < last; i++ {
		actor := testutil.CreateMember(t, app, fmt.Sprintf("actor%d", i), testutil.MemberOpts{})
		ev := core.NewRecord(events)
		ev.Set("deal", d.Id)
		ev.Set("actor", actor.Id)
		ev.Set("kind", "note")
		ev.Set("text", fmt.Sprintf("Event %d", i))
		if err := app.Save(ev); err != nil {
			t.Fatal(err)
		}
		u := core.NewRecord(updates)
		u.Set("request", d.GetString("listingId"))
		u.Set("author", d.GetString("recipient"))
		u.Set("body", fmt.Sprintf("Update %d", i))
		if err := app.Save(u); err != nil {
			t.Fatal(err)
		}
	}
}

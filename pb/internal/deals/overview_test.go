package deals_test

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/deals"
	"sponsorbridge/pb/internal/testutil"
	"sponsorbridge/pb/internal/when"
)

// aDeal is a deal as the overview's seed stores it.
type aDeal struct {
	title, sponsor, recipient, category, status string
	amount                                      int64
	fundedAgo                                   time.Duration // 0: never funded
	disputed                                    bool
	deliverables                                string
	visitors                                    []int // unique visitors of its tracked links
	attendance                                  []int // figures of its published report
}

func storeDeal(t testing.TB, app core.App, d aDeal) {
	t.Helper()
	sponsor, recipient := testutil.FindByUsername(t, app, d.sponsor), testutil.FindByUsername(t, app, d.recipient)
	req := testutil.CreateListing(t, app, "sponsorship_requests", recipient, testutil.ListingOpts{Title: d.title, Categories: []string{d.category}})
	err := app.RunInTransaction(func(tx core.App) error {
		r, err := deals.Open(tx, deals.Opening{ListingTable: "sponsorship_requests", ListingID: req.Id, Title: d.title,
			Sponsor: sponsor.Id, Recipient: recipient.Id, Amount: d.amount})
		if err != nil {
			return err
		}
		now := time.Now().UTC()
		r.Set("status", d.status)
		if d.fundedAgo > 0 {
			r.Set("fundedAt", now.Add(-d.fundedAgo))
		}
		if d.status == deals.StatusCompleted {
			r.Set("completedAt", now.Add(-d.fundedAgo+time.Minute))
		}
		if d.disputed {
			r.Set("disputedAt", now.Add(-time.Hour))
		}
		if d.deliverables != "" {
			r.Set("deliverables", d.deliverables)
		}
		if err := tx.Save(r); err != nil {
			return err
		}
		for i, n := range d.visitors {
			l := core.NewRecord(mustCollection(t, tx, "tracked_links"))
			l.Load(map[string]any{"deal": r.Id, "code": fmt.Sprintf("%.6s%02d", r.Id, i), "target": "https://a.example", "uniqueVisitors": n, "visits": n})
			if err := tx.Save(l); err != nil {
				return err
			}
		}
		if d.attendance != nil {
			figures := "["
			for i, n := range d.attendance {
				if i > 0 {
					figures += ","
				}
				figures += fmt.Sprintf(`{"id":"f%d","kind":"attendance","label":"People","value":%d},{"id":"g%d","kind":"reach","label":"Views","value":99999}`, i, n, i)
			}
			rep := core.NewRecord(mustCollection(t, tx, "impact_reports"))
			rep.Load(map[string]any{"deal": r.Id, "status": "published", "figures": figures + "]"})
			return tx.Save(rep)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func mustCollection(t testing.TB, app core.App, name string) *core.Collection {
	c, err := app.FindCachedCollectionByNameOrId(name)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// overviewSeed: sam's deals, as sponsor and as recipient, funded or not,
// cancelled, disputed, long ago.
func overviewSeed(t testing.TB, app core.App) {
	seed(t, app)
	today := time.Now().In(when.India)
	items := fmt.Sprintf(`[{"id":"a","title":"Booth","due":%q,"doneAt":%q},{"id":"b","title":"Talk","due":%q,"doneAt":%q},{"id":"c","title":"Logo","due":"","doneAt":%q}]`,
		today.AddDate(0, 0, 1).Format(time.DateOnly), when.API(time.Now()), today.AddDate(0, 0, -1).Format(time.DateOnly), when.API(time.Now()), when.API(time.Now()))
	day := 24 * time.Hour
	for _, d := range []aDeal{
		{title: "Hackathon", sponsor: "sam", recipient: "rita", category: "Education", status: deals.StatusCompleted, amount: 100,
			fundedAgo: time.Minute * 2, deliverables: items, visitors: []int{30, 12}, attendance: []int{200, 350}},
		{title: "Cup", sponsor: "sam", recipient: "rita", category: "Healthcare", status: deals.StatusFunded, amount: 50, fundedAgo: 62 * day},
		{title: "Sam's meetup", sponsor: "sid", recipient: "sam", category: "Education", status: deals.StatusCompleted, amount: 70,
			fundedAgo: 2 * time.Minute, disputed: true, visitors: []int{99}, attendance: []int{5000}},
		{title: "Cancelled after funding", sponsor: "sam", recipient: "rita", category: "Healthcare", status: deals.StatusCancelled, amount: 1000, fundedAgo: day},
		{title: "Never funded", sponsor: "sam", recipient: "rita", category: "Healthcare", status: deals.StatusNegotiating, amount: 2000},
		{title: "Long ago", sponsor: "sam", recipient: "rita", category: "Education", status: deals.StatusCompleted, amount: 5, fundedAgo: 430 * day,
			visitors: []int{7}},
		{title: "Olive's", sponsor: "sid", recipient: "olive", category: "Arts", status: deals.StatusFunded, amount: 9, fundedAgo: time.Hour},
	} {
		storeDeal(t, app, d)
	}
}

func TestTheOverviewAddsUpTheDealsWhoseMoneyMoved(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	overviewSeed(t, app)
	sam := testutil.FindByUsername(t, app, "sam")
	o, err := deals.MemberOverview(app, sam.Id, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if o.Given != (deals.Totals{Total: 155, Deals: 3}) || o.Received != (deals.Totals{Total: 70, Deals: 1}) {
		t.Errorf("given %+v, received %+v", o.Given, o.Received)
	}
	first := time.Date(time.Now().In(when.India).Year(), time.Now().In(when.India).Month(), 1, 0, 0, 0, 0, when.India)
	this, twoBefore := first.Format("2006-01"), first.AddDate(0, -2, 0).Format("2006-01")
	if len(o.Months) != 12 || len(o.Reach) != 12 || len(o.OnTime) != 12 || o.Months[11].Month != this || o.Months[0].Month != first.AddDate(0, -11, 0).Format("2006-01") {
		t.Fatalf("months: %+v", o.Months)
	}
	sum := 0
	for i, m := range o.Months {
		sum += m.Given + m.Received
		if m.Month == twoBefore && m.Given != 50 {
			t.Errorf("%s: %+v", m.Month, m)
		}
		if o.Reach[i].Month != m.Month || o.OnTime[i].Month != m.Month {
			t.Errorf("the series' months differ at %d", i)
		}
	}
	if o.Months[11] != (deals.MonthTotals{Month: this, Given: 100, Received: 70}) || sum != 220 {
		t.Errorf("this month %+v; the 12 months add up to %d", o.Months[11], sum)
	}
	want := []deals.CategoryTotals{{Category: "Education", Given: 105, Received: 70}, {Category: "Healthcare", Given: 50}}
	if fmt.Sprint(o.Categories) != fmt.Sprint(want) {
		t.Errorf("categories %+v", o.Categories)
	}
	// the disputed deal's links and report are not measured; the reach figure
	// of a report is not its attendance
	if o.Reach[11] != (deals.MonthReach{Month: this, Measured: 42, Reported: 350}) {
		t.Errorf("reach %+v", o.Reach[11])
	}
	if s := o.OnTime[11]; s.Deliverables != 2 || s.Share == nil || *s.Share != 50 || o.OnTime[10].Share != nil {
		t.Errorf("on time %+v (%v), the month before %+v", s, s.Share, o.OnTime[10])
	}
	titles := []string{}
	for _, d := range o.Deals {
		titles = append(titles, d.Listing.Title)
	}
	if fmt.Sprint(titles) != "[Hackathon Sam's meetup Cup Long ago]" && fmt.Sprint(titles) != "[Sam's meetup Hackathon Cup Long ago]" {
		t.Errorf("the deals: %v", titles)
	}
}

// The overview costs the same queries for 7 deals as for 47.
func TestTheOverviewCostsNoQueryPerDeal(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	overviewSeed(t, app)
	sam := testutil.FindByUsername(t, app, "sam")
	q := testutil.WatchQueries(t, app)
	cost := func() []string {
		return q.During(func() {
			if _, err := deals.MemberOverview(app, sam.Id, time.Now()); err != nil {
				t.Fatal(err)
			}
		})
	}
	before := cost()
	for i := range 40 {
		storeDeal(t, app, aDeal{title: fmt.Sprintf("More %d", i), sponsor: "sam", recipient: "rita", category: []string{"Technology", "Environment", "Business"}[i%3],
			status: deals.StatusCompleted, amount: 10, fundedAgo: time.Duration(i) * 24 * time.Hour, visitors: []int{1}, attendance: []int{i}})
	}
	after := cost()
	if len(after) != len(before) || len(before) > 6 {
		t.Fatalf("7 deals: %d queries, 47 deals: %d:\n%v", len(before), len(after), after)
	}
	t.Logf("%d queries for 7 deals and for 47", len(after))
}

func TestTheOverviewRoute(t *testing.T) {
	t.Parallel()
	withDeals := apptest.Factory(nil, overviewSeed)
	testutil.RunCalls(t, withDeals, []testutil.Call{
		{Name: "a visitor has none", Method: http.MethodGet, URL: "/api/deals/overview", Status: 401},
		// the literal segment wins over /api/deals/{id}
		{Name: "a member reads theirs", Who: "sam", Method: http.MethodGet, URL: "/api/deals/overview", Status: 200,
			Want:    []string{`"given":{"total":155,"deals":3}`, `"received":{"total":70,"deals":1}`, `"category":"Education","given":105,"received":70`},
			NotWant: []string{"Deal not found.", "Olive's", "Never funded"}, WantHeaders: map[string]string{"Cache-Control": "no-store"}},
		{Name: "a member without deals: twelve empty months", Who: "boss", Method: http.MethodGet, URL: "/api/deals/overview", Status: 200,
			Want: []string{`"given":{"total":0,"deals":0}`, `"categories":[]`, `"deals":[]`, `"share":null`}},
	})
}

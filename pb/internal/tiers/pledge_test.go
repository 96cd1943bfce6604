package tiers_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/testutil"
	"sponsorbridge/pb/internal/when"
)

// pickedWrites: seven records are created (the commitment, its deal and
// the deal's first history entry, the introduction in the members'
// conversation, the poster's notification and the sponsor's "You hold")
// and two updated (the request, the conversation); the package's slot is
// one statement, with no record event. The e-mails leave in the background.
var pickedWrites = testutil.WritesAmidMail(7, 2)

func TestPickingAPackage(t *testing.T) {
	t.Parallel()
	factory := apptest.Factory(nil, seed)
	before := func(prepare ...func(t testing.TB, app core.App)) func(t testing.TB, app core.App, c *testutil.Call) {
		return func(t testing.TB, app core.App, c *testutil.Call) {
			for _, p := range prepare {
				p(t, app)
			}
		}
	}
	holding := func(who, title, name string) func(t testing.TB, app core.App) {
		return func(t testing.TB, app core.App) { pledged(t, app, who, title, name) }
	}
	unchanged := func(t testing.TB, app *tests.TestApp, _ *http.Response) { agree(t, app, "Summer fest") }
	calls := []testutil.Call{
		{Name: "a visitor is refused", URLOf: sponsorURL("Summer fest"), Body: `{}`, Status: 401},
		{Name: "the poster cannot pick their own package", Who: "dan", URLOf: sponsorURL("Summer fest"), Prepare: pick("Silver"),
			Status: 403, Want: []string{"You cannot sponsor your own request."}},
		{Name: "a package of another request is not found", Who: "tel", URLOf: sponsorURL("Clean run"), Prepare: pick("Silver"),
			Status: 404, Want: []string{"Package not found."}},
		{Name: "an unknown package is not found", Who: "tel", URLOf: sponsorURL("Summer fest"), Body: `{"tier":"nosuchtier12345"}`,
			Status: 404, Want: []string{"Package not found."}},
		{Name: "a sold-out package is refused by name", Who: "tel", URLOf: sponsorURL("Summer fest"),
			Prepare: func(t testing.TB, app core.App, c *testutil.Call) {
				pledged(t, app, "bev", "Summer fest", "Gold")
				pick("Gold")(t, app, c)
			},
			Status: 409, Want: []string{"The “Gold” package is sold out."}, After: unchanged},
		{Name: "a package whose sale ended is refused", Who: "tel", URLOf: sponsorURL("Summer fest"), Prepare: pick("Bronze"),
			Status: 409, Want: []string{"The “Bronze” package is no longer on sale."}, After: unchanged},
		{Name: "a package not on sale yet is refused", Who: "tel", URLOf: sponsorURL("Summer fest"), Prepare: pick("Early"),
			Status: 409, Want: []string{"The “Early” package is not on sale yet."}, After: unchanged},
		{Name: "a sponsor of an industry holding exclusivity is refused a package", Who: "bev2", URLOf: sponsorURL("Summer fest"),
			Prepare: func(t testing.TB, app core.App, c *testutil.Call) {
				holding("bev", "Summer fest", "Gold")(t, app)
				pick("Silver")(t, app, c)
			},
			Status: 409, Want: []string{"A sponsor in beverages holds exclusivity here."}, After: unchanged},
		{Name: "and a free-form pledge", Who: "bev2", URLOf: sponsorURL("Summer fest"), Body: `{"amount":10}`,
			Prepare: before(holding("bev", "Summer fest", "Gold")),
			Status:  409, Want: []string{"A sponsor in beverages holds exclusivity here."}, After: unchanged},
		{Name: "a clashing industry is refused outright", Who: "bev", URLOf: sponsorURL("Clean run"), Body: `{"amount":10}`,
			Status: 409, Want: []string{"This request does not accept sponsors in beverages."}},
		{Name: "exclusivity cannot be granted while a sponsor of the industry backs the request", Who: "bev2", URLOf: sponsorURL("Summer fest"),
			Prepare: func(t testing.TB, app core.App, c *testutil.Call) {
				holding("bev", "Summer fest", "Silver")(t, app)
				pick("Gold")(t, app, c)
			},
			Status: 409, Want: []string{"A sponsor in beverages already backs this request, so the “Gold” package's exclusivity cannot be granted."},
			After: unchanged},
		{Name: "an exclusive package needs an industry", Who: "nobody", URLOf: sponsorURL("Summer fest"), Prepare: pick("Gold"),
			Status: 400, Want: []string{`"tier":{"code":"validation_industry_required","message":"Set your industry on your profile to take an exclusive package."`}},
		{Name: "other is no industry for exclusivity", Who: "oth", URLOf: sponsorURL("Summer fest"), Prepare: pick("Gold"),
			Status: 400, Want: []string{"Set your industry on your profile to take an exclusive package."}},
		{Name: "a request taking packages only refuses a free-form pledge", Who: "tel", URLOf: sponsorURL("Packages only"), Body: `{"amount":10}`,
			Status: 409, Want: []string{"This request takes packages only. Pick one of its packages."}},
		{Name: "a sponsor picks Gold: its price, their industry, the deal with its benefits proposed by the poster and a hold",
			Who: "bev", URLOf: sponsorURL("Summer fest"), Events: pickedWrites,
			Prepare: func(t testing.TB, app core.App, c *testutil.Call) {
				pick("Gold")(t, app, c)
				c.Body = c.Body[:len(c.Body)-1] + `,"amount":3}` // the amount is the package's price
			},
			Status: 201, Want: []string{`"amount":2000`, `"status":"active"`, `"industry":"beverages"`, `"tier":{"id":"`, `"name":"Gold"}`},
			After: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
				agree(t, app, "Summer fest")
				gold := tier(t, app, "Summer fest", "Gold")
				if gold.GetInt("taken") != 1 {
					t.Errorf("Gold taken %d", gold.GetInt("taken"))
				}
				deal, err := app.FindFirstRecordByFilter("deals", "tier = {:t}", dbx.Params{"t": gold.Id})
				if err != nil {
					t.Fatal(err)
				}
				dan := testutil.FindByUsername(t, app, "dan")
				if deal.GetString("proposedBy") != dan.Id || deal.GetString("tierName") != "Gold" || deal.GetInt("amount") != 2000 {
					t.Errorf("deal proposedBy %q tierName %q amount %d", deal.GetString("proposedBy"), deal.GetString("tierName"), deal.GetInt("amount"))
				}
				if p := deal.GetString("proposal"); !contains(p, "Logo on the stage banner", "2027-06-01", "Booth") {
					t.Errorf("proposal %s", p)
				}
				hold := deal.GetDateTime("holdUntil").Time()
				if want := time.Now().Add(7 * 24 * time.Hour); hold.Before(want.Add(-time.Minute)) || hold.After(want.Add(time.Minute)) {
					t.Errorf("hold until %s, want about %s", hold, want)
				}
				if got := request(t, app, "Summer fest").GetString("exclusiveIndustries"); got != `["beverages"]` {
					t.Errorf("exclusiveIndustries %s", got)
				}
				bev := testutil.FindByUsername(t, app, "bev")
				held, err := app.FindFirstRecordByFilter("notifications", "user = {:u}", dbx.Params{"u": bev.Id})
				if err != nil {
					t.Fatal(err)
				}
				if want := "You hold the “Gold” package until " + when.DateTime(hold); held.GetString("title") != want || held.GetString("link") != "/deals/"+deal.Id {
					t.Errorf("the sponsor is told %q (%s), want %q", held.GetString("title"), held.GetString("link"), want)
				}
				told, err := app.FindFirstRecordByFilter("notifications", "user = {:u}", dbx.Params{"u": dan.Id})
				if err != nil {
					t.Fatal(err)
				}
				if b := told.GetString("body"); !strings.Contains(b, "pledged $2,000 for the “Gold” package") {
					t.Errorf("the poster is told %q", b)
				}
			}},
		{Name: "an administrator picks a package as any member", Who: "boss", URLOf: sponsorURL("Summer fest"), Events: pickedWrites,
			Prepare: pick("Silver"), Status: 201, Want: []string{`"amount":500`, `"industry":""`, `"name":"Silver"}`}, After: unchanged},
		{Name: "a package beside another industry's exclusivity", Who: "tel", URLOf: sponsorURL("Summer fest"), Events: pickedWrites,
			Prepare: func(t testing.TB, app core.App, c *testutil.Call) {
				holding("bev", "Summer fest", "Gold")(t, app)
				pick("Silver")(t, app, c)
			},
			Status: 201, Want: []string{`"amount":500`, `"industry":"telecom"`, `"name":"Silver"}`}, After: unchanged},
	}
	for i := range calls {
		calls[i].Method = http.MethodPost
		calls[i].Test(t, factory)
	}
}

func contains(s string, parts ...string) bool {
	for _, p := range parts {
		if !strings.Contains(s, p) {
			return false
		}
	}
	return true
}

package tiers_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/testutil"
	"sponsorbridge/pb/internal/tiers"
)

const fest = `"title":"Spring fest","description":"Music on the green.","requestedAmount":3000,"categories":["Community"]`

// gold is a valid package of a body.
const gold = `{"name":"Gold","price":1500,"quantity":1,"exclusive":true,"benefits":[{"title":"Logo on the stage banner","due":"2027-06-01"}]}`

func TestPostingARequestWithPackages(t *testing.T) {
	t.Parallel()
	factory := apptest.Factory(nil, seed)
	posted := func(t testing.TB, app *tests.TestApp, _ *http.Response) {
		r := request(t, app, "Spring fest")
		list, err := tiers.Load(app.DB(), r.Id)
		if err != nil {
			t.Fatal(err)
		}
		if len(list[r.Id]) != 2 || list[r.Id][0].Name != "Gold" || list[r.Id][1].Name != "Fans" || !r.GetBool("hasTiers") {
			t.Errorf("stored packages %+v, hasTiers %v", list[r.Id], r.GetBool("hasTiers"))
		}
	}
	nothingPosted := func(t testing.TB, app *tests.TestApp, _ *http.Response) {
		if _, err := app.FindFirstRecordByData("sponsorship_requests", "title", "Spring fest"); err == nil {
			t.Error("the request was stored")
		}
	}
	calls := []testutil.Call{
		{Name: "a visitor cannot post", URL: "/api/sponsorship-requests", Body: `{` + fest + `,"tiers":[` + gold + `]}`, Status: 401},
		{Name: "a poster offers packages, holds for 10 days and refuses beverages",
			Who: "pat", URL: "/api/sponsorship-requests", Events: testutil.Writes(3, 0, 0),
			Body: `{` + fest + `,"tiers":[` + gold + `,{"name":"Fans","price":20,"quantity":0,"benefits":[{"title":"A thank-you"}],"saleEnd":"2099-01-01"}],` +
				`"anyAmount":false,"holdDays":10,"clashingIndustries":["telecom","beverages"]}`,
			Status: 201, Want: []string{`"name":"Gold","price":1500,"quantity":1,"taken":0,"left":1,"benefits":[{"title":"Logo on the stage banner","due":"2027-06-01"}],"saleStart":"","saleEnd":"","exclusive":true,"available":true,"unavailableReason":""`,
				`"name":"Fans","price":20,"quantity":0,"taken":0,"left":null`, `"saleEnd":"2099-01-01"`,
				`"anyAmount":false`, `"holdDays":10`, `"clashingIndustries":["beverages","telecom"]`, `"exclusiveIndustries":[]`},
			After: posted},
		{Name: "a request without packages says so", Who: "pat", URL: "/api/sponsorship-requests", Events: testutil.Writes(1, 0, 0),
			Body: `{` + fest + `}`, Status: 201, Want: []string{`"tiers":[]`, `"anyAmount":true`, `"holdDays":7`, `"clashingIndustries":[]`}},
		{Name: "every field of a package is checked", Who: "pat", URL: "/api/sponsorship-requests",
			Body: `{` + fest + `,"tiers":[` +
				`{"name":"","price":0,"quantity":51,"benefits":[]},` +
				`{"name":"` + strings.Repeat("n", 61) + `","price":1.5,"quantity":1.5,"benefits":[{"title":" "}]},` +
				`{"name":"Gold","price":3001,"quantity":2,"benefits":[{"title":"a"}],"saleStart":"2027-02-03","saleEnd":"2027-02-01"},` +
				`{"name":"gold","price":10,"quantity":2,"benefits":[` + strings.Repeat(`{"title":"b"},`, 20) + `{"title":"c"}]}` +
				`],"holdDays":31,"clashingIndustries":["other"]}`,
			Status: 400, Want: []string{"Please check the highlighted fields.",
				`"tiers.0.name":{"code":"validation_required","message":"Package name is required"}`,
				`"tiers.0.price":{"code":"validation_min_amount","message":"Price must be at least 1"}`,
				`"tiers.0.quantity":{"code":"validation_quantity","message":"Quantity must be between 1 and 50, or 0 for unlimited"}`,
				`"tiers.0.benefits":{"code":"validation_required","message":"Add at least one benefit"}`,
				`"tiers.1.name":{"code":"validation_too_long","message":"Package name must be at most 60 characters"}`,
				`"tiers.1.price":{"code":"validation_whole_amount","message":"Price must be a whole number of dollars"}`,
				`"tiers.1.quantity":`,
				`"tiers.1.benefits.0.title":{"code":"validation_required","message":"Benefit is required"}`,
				`"tiers.2.price":{"code":"validation_max_amount","message":"Price cannot be more than the requested amount"}`,
				`"tiers.2.saleEnd":{"code":"validation_sale_window","message":"The sale cannot end before it starts"}`,
				`"tiers.3.name":{"code":"validation_not_unique","message":"Two packages cannot have the same name"}`,
				`"tiers.3.benefits":{"code":"validation_too_many","message":"A package has at most 20 benefits"}`,
				`"holdDays":{"code":"validation_hold_days","message":"Hold must be between 1 and 30 days"}`,
				`"clashingIndustries":{"code":"validation_unknown_industry","message":"Choose industries from the list"}`},
			After: nothingPosted},
		{Name: "at most six packages", Who: "pat", URL: "/api/sponsorship-requests",
			Body:   `{` + fest + `,"tiers":[` + strings.TrimSuffix(strings.Repeat(gold+",", 7), ",") + `]}`,
			Status: 400, Want: []string{`"tiers":{"code":"validation_too_many","message":"A request has at most 6 packages"}`}, After: nothingPosted},
		// Six packages of twenty benefits of 120 three-byte characters (Hindi,
		// say) with the longest description: 60,276 bytes, inside the listing
		// routes' 64 KiB body limit.
		{Name: "six full packages in a script of three-byte characters fit", Who: "pat", URL: "/api/sponsorship-requests",
			Events: testutil.Writes(7, 0, 0), Body: fullPackages(), Status: 201, Want: []string{`"name":"पैकेज 5"`}},
		{Name: "packages only needs a package", Who: "pat", URL: "/api/sponsorship-requests", Body: `{` + fest + `,"anyAmount":false}`,
			Status: 400, Want: []string{`"anyAmount":{"code":"validation_any_amount","message":"Turn \"Any amount\" on, or add a package"}`}, After: nothingPosted},
		// the offer, and dan's match notice (mailed): $300 reaches the
		// “Team” package of “Packages only” (docs/api/matches-and-alerts.md)
		{Name: "an offer ignores packages", Who: "pat", URL: "/api/sponsorships", Events: testutil.WritesAmidMail(2, 0),
			Body:   `{"title":"Kits","description":"Robotics kits.","amount":300,"categories":["Community"],"tiers":[` + gold + `],"holdDays":3}`,
			Status: 201, Want: []string{`"title":"Kits"`}, NotWant: []string{`"tiers"`, `"holdDays"`, `"anyAmount"`},
			After: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
				if n, _ := app.CountRecords(tiers.Table); n != 5 { // the seed's
					t.Errorf("%d packages stored", n)
				}
			}},
	}
	for i := range calls {
		calls[i].Method = http.MethodPost
		calls[i].Test(t, factory)
	}
}

// editBody is an edit of "Summer fest" naming its packages by id, as
// change rewrites them (name -> the package's JSON without its id).
func editBody(change map[string]string, extra ...string) func(t testing.TB, app core.App, c *testutil.Call) {
	return func(t testing.TB, app core.App, c *testutil.Call) {
		r := request(t, app, "Summer fest")
		c.URL = "/api/sponsorship-requests/" + r.Id
		list, err := tiers.Load(app.DB(), r.Id)
		if err != nil {
			t.Fatal(err)
		}
		var parts []string
		for _, tr := range list[r.Id] {
			body, ok := change[tr.Name]
			if !ok {
				body = fmt.Sprintf(`"name":%q,"price":%d,"quantity":%d,"exclusive":%v,"saleStart":%q,"saleEnd":%q,"benefits":%s`,
					tr.Name, tr.Price, tr.Quantity, tr.Exclusive, tr.SaleStart, tr.SaleEnd, benefitsJSON(tr.Benefits))
			}
			if body != "-" { // "-": left out (removed)
				parts = append(parts, `{"id":"`+tr.ID+`",`+body+`}`)
			}
		}
		parts = append(parts, extra...)
		c.Body = `{"tiers":[` + strings.Join(parts, ",") + `]}`
	}
}

func benefitsJSON(list []tiers.Benefit) string {
	var parts []string
	for _, b := range list {
		parts = append(parts, fmt.Sprintf(`{"title":%q,"due":%q}`, b.Title, b.Due))
	}
	return "[" + strings.Join(parts, ",") + "]"
}

func TestEditingPackagesWithSlotsTaken(t *testing.T) {
	t.Parallel()
	factory := apptest.Factory(nil, func(t testing.TB, app core.App) {
		seed(t, app)
		pledged(t, app, "bev", "Summer fest", "Gold")
		pledged(t, app, "tel", "Summer fest", "Silver")
		pledged(t, app, "nobody", "Summer fest", "Silver")
	})
	silver := `"name":"Silver","price":500,"benefits":[{"title":"Two passes"}]`
	unchanged := func(t testing.TB, app *tests.TestApp, _ *http.Response) {
		agree(t, app, "Summer fest")
		if n, _ := app.CountRecords(tiers.Table); n != 5 {
			t.Errorf("%d packages stored", n)
		}
	}
	calls := []testutil.Call{
		{Name: "another member cannot edit the packages", Who: "tel", Prepare: editBody(nil), Status: 403,
			Want: []string{"Only the poster can change this listing."}, After: unchanged},
		{Name: "nor can an administrator", Who: "boss", Prepare: editBody(nil), Status: 403,
			Want: []string{"Only the poster can change this listing."}, After: unchanged},
		{Name: "a quantity below the slots taken", Who: "dan", Prepare: editBody(map[string]string{"Silver": silver + `,"quantity":1`}),
			Status: 409, Want: []string{"The “Silver” package has 2 slots held or sold, so its quantity cannot be less than 2."}, After: unchanged},
		{Name: "the price of a held package", Who: "dan", Prepare: editBody(map[string]string{"Silver": `"name":"Silver","price":600,"quantity":3,"benefits":[{"title":"Two passes"}]`}),
			Status: 409, Want: []string{"The “Silver” package is held by a sponsor, so its price and benefits cannot change."}, After: unchanged},
		{Name: "the benefits of a held package", Who: "dan", Prepare: editBody(map[string]string{"Silver": `"name":"Silver","price":500,"quantity":3,"benefits":[{"title":"Three passes"}]`}),
			Status: 409, Want: []string{"The “Silver” package is held by a sponsor, so its price and benefits cannot change."}, After: unchanged},
		{Name: "removing a held package", Who: "dan", Prepare: editBody(map[string]string{"Gold": "-"}),
			Status: 409, Want: []string{"The “Gold” package is held by a sponsor, so it cannot be removed."}, After: unchanged},
		{Name: "the exclusivity of a held package", Who: "dan",
			Prepare: editBody(map[string]string{"Gold": `"name":"Gold","price":2000,"quantity":1,"exclusive":false,"benefits":[{"title":"Logo on the stage banner","due":"2027-06-01"},{"title":"Booth"}]`}),
			Status:  409, Want: []string{"The “Gold” package is held by a sponsor, so its exclusivity cannot change."}, After: unchanged},
		{Name: "an id that is not one of the request's packages", Who: "dan", Prepare: editBody(nil, `{"id":"nosuchtier12345","name":"X","price":5,"quantity":1,"benefits":[{"title":"x"}]}`),
			Status: 400, Want: []string{`"tiers.4.id":{"code":"validation_not_found","message":"Package not found"}`}, After: unchanged},
		{Name: "the poster renames a held package, raises its quantity, removes a free one and adds one",
			Who: "dan", Events: testutil.Writes(1, 4, 1),
			Prepare: editBody(map[string]string{"Silver": `"name":"Silver plus",` + silver[len(`"name":"Silver",`):] + `,"quantity":5`, "Early": "-"},
				`{"name":"Patron","price":50,"quantity":0,"benefits":[{"title":"Name on the website"}]}`),
			Status: 200, Want: []string{`"name":"Silver plus","price":500,"quantity":5,"taken":2,"left":3`, `"name":"Patron"`, `"left":null`},
			NotWant: []string{`"name":"Early"`},
			After: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
				agree(t, app, "Summer fest")
				if n, _ := app.CountRecords(tiers.Table); n != 5 { // 4 - 1 + 1, and Packages only's
					t.Errorf("%d packages stored", n)
				}
			}},
	}
	for i := range calls {
		calls[i].Method = http.MethodPatch
		calls[i].Test(t, factory)
	}
}

// fullPackages is a request body at the packages' limits, in Devanagari.
func fullPackages() string {
	benefit := `{"title":"` + strings.Repeat("लाभ", tiers.MaxBenefitTitle/3) + `"}`
	benefits := strings.TrimSuffix(strings.Repeat(benefit+",", tiers.MaxBenefits), ",")
	var list []string
	for i := range tiers.MaxTiers {
		list = append(list, fmt.Sprintf(`{"name":"पैकेज %d","price":100,"quantity":5,"benefits":[%s]}`, i, benefits))
	}
	return `{"title":"वसंत मेला","description":"` + strings.Repeat("संगीत", 1000) +
		`","requestedAmount":3000,"categories":["Community"],"tiers":[` + strings.Join(list, ",") + `]}`
}

package tiers_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/queue"
	"sponsorbridge/pb/internal/sponsoring"
	"sponsorbridge/pb/internal/testutil"
	"sponsorbridge/pb/internal/tiers"
)

// seed: dan (subscribed) asks for $5,000 for "Summer fest" with four
// packages: Gold ($2,000, 1 slot, exclusive), Silver ($500, 3 slots),
// Bronze ($100, unlimited, its sale ended) and Early (on sale from 2099);
// for "Clean run", which refuses beverages and telecom, with no packages;
// and for "Packages only" (one package, "Any amount" off). Sponsors: bev
// and bev2 in beverages, tel in telecom, nobody with no industry, oth in
// other; boss is an administrator; pat, subscribed, has posted nothing.
func seed(t testing.TB, app core.App) {
	dan := testutil.CreateMember(t, app, "dan", testutil.MemberOpts{Subscribed: true, Email: "dan@example.com"})
	for name, ind := range map[string]string{"bev": "beverages", "bev2": "beverages", "tel": "telecom", "nobody": "", "oth": "other"} {
		m := testutil.CreateMember(t, app, name, testutil.MemberOpts{})
		setIndustry(t, app, m, ind)
	}
	testutil.CreateMember(t, app, "boss", testutil.MemberOpts{Admin: true})
	testutil.CreateMember(t, app, "pat", testutil.MemberOpts{Subscribed: true}) // posts nothing yet
	packaged(t, app, dan, "Summer fest", 5000, []tiers.Spec{
		{Name: "Gold", Price: 2000, Quantity: 1, Exclusive: true, Benefits: []tiers.Benefit{{Title: "Logo on the stage banner", Due: "2027-06-01"}, {Title: "Booth"}}},
		{Name: "Silver", Price: 500, Quantity: 3, Benefits: []tiers.Benefit{{Title: "Two passes"}}},
		{Name: "Bronze", Price: 100, SaleEnd: "2020-01-31", Benefits: []tiers.Benefit{{Title: "Thank-you post"}}},
		{Name: "Early", Price: 50, SaleStart: "2099-02-03", Benefits: []tiers.Benefit{{Title: "A sticker"}}},
	}, nil)
	packaged(t, app, dan, "Clean run", 800, nil, []string{"beverages", "telecom"})
	only := packaged(t, app, dan, "Packages only", 900, []tiers.Spec{{Name: "Team", Price: 300, Benefits: []tiers.Benefit{{Title: "Jersey logo"}}}}, nil)
	only.Set("tiersOnly", true)
	if err := app.Save(only); err != nil {
		t.Fatal(err)
	}
}

func setIndustry(t testing.TB, app core.App, m *core.Record, ind string) {
	t.Helper()
	m.Set("industry", ind)
	if err := app.Save(m); err != nil {
		t.Fatal(err)
	}
}

// packaged saves a request of owner's with its packages (as a post would
// store them) and what it refuses.
func packaged(t testing.TB, app core.App, owner *core.Record, title string, amount int, specs []tiers.Spec, clashing []string) *core.Record {
	t.Helper()
	r := testutil.CreateListing(t, app, "sponsorship_requests", owner, testutil.ListingOpts{Title: title, Amount: amount})
	err := app.RunInTransaction(func(tx core.App) error {
		r.Set("hasTiers", len(specs) > 0)
		if clashing != nil {
			r.Set("clashingIndustries", clashing)
		}
		if err := tx.Save(r); err != nil {
			return err
		}
		return tiers.Save(tx, r.Id, specs)
	})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func request(t testing.TB, app core.App, title string) *core.Record {
	t.Helper()
	r, err := app.FindFirstRecordByData("sponsorship_requests", "title", title)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func tier(t testing.TB, app core.App, requestTitle, name string) *core.Record {
	t.Helper()
	r, err := app.FindFirstRecordByFilter(tiers.Table, "request = {:r} && name = {:n}",
		dbx.Params{"r": request(t, app, requestTitle).Id, "n": name})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func sponsorURL(title string) func(t testing.TB, app core.App) string {
	return func(t testing.TB, app core.App) string {
		return "/api/sponsorship-requests/" + request(t, app, title).Id + "/sponsor"
	}
}

// pick is the body of a pledge of the named package of "Summer fest".
func pick(name string) func(t testing.TB, app core.App, c *testutil.Call) {
	return func(t testing.TB, app core.App, c *testutil.Call) {
		c.Body = `{"tier":"` + tier(t, app, "Summer fest", name).Id + `"}`
	}
}

// pledged has who pledge to title, picking the named package ("" for a
// free-form pledge of what is open).
func pledged(t testing.TB, app core.App, who, title, name string) *core.Record {
	t.Helper()
	var body sponsoring.PledgeBody
	if name != "" {
		body.Tier = tier(t, app, title, name).Id
	}
	c, err := sponsoring.Pledge(app, testutil.FindByUsername(t, app, who), request(t, app, title).Id, body)
	if err != nil {
		t.Fatalf("%s pledges to %s (%s): %v", who, title, name, err)
	}
	queue.Of(app).Wait() // its e-mails are sent before the next step counts its own
	return c
}

// agree checks that the request's counters, its packages' slots and its
// exclusive industries agree with the active pledges stored.
func agree(t testing.TB, app core.App, title string) {
	t.Helper()
	r := request(t, app, title)
	var active []struct {
		Amount   int    `db:"amount"`
		Tier     string `db:"tier"`
		Industry string `db:"industry"`
	}
	if err := app.DB().Select("amount", "tier", "industry").From("commitments").
		Where(dbx.HashExp{"request": r.Id, "status": "active"}).All(&active); err != nil {
		t.Fatal(err)
	}
	sum, held, exclusive := 0, map[string]int{}, []string{}
	list, err := tiers.Load(app.DB(), r.Id)
	if err != nil {
		t.Fatal(err)
	}
	excl := map[string]bool{}
	for _, tr := range list[r.Id] {
		excl[tr.ID] = tr.Exclusive
	}
	for _, c := range active {
		sum += c.Amount
		if c.Tier != "" {
			held[c.Tier]++
			if excl[c.Tier] && c.Industry != "" && c.Industry != "other" && !slices.Contains(exclusive, c.Industry) {
				exclusive = append(exclusive, c.Industry)
			}
		}
	}
	if r.GetInt("pledgedAmount") != sum || r.GetInt("sponsorCount") != len(active) {
		t.Errorf("%s: pledged %d by %d, the active pledges say %d by %d", title, r.GetInt("pledgedAmount"), r.GetInt("sponsorCount"), sum, len(active))
	}
	for _, tr := range list[r.Id] {
		if tr.Taken != held[tr.ID] {
			t.Errorf("%s: package %s has %d taken, %d active pledges hold it", title, tr.Name, tr.Taken, held[tr.ID])
		}
		if tr.Quantity > 0 && tr.Taken > tr.Quantity {
			t.Errorf("%s: package %s oversold: %d of %d", title, tr.Name, tr.Taken, tr.Quantity)
		}
	}
	if got := fmt.Sprint(tiers.Strings(r, "exclusiveIndustries")); got != fmt.Sprint(tiers.Ordered(exclusive)) {
		t.Errorf("%s: exclusiveIndustries %s, the active pledges say %v", title, got, tiers.Ordered(exclusive))
	}
}

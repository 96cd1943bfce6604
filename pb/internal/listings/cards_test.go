package listings_test

import (
	"bytes"
	"context"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/catalog"
	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/listings"
	"sponsorbridge/pb/internal/testutil/scanref"
	"sponsorbridge/pb/internal/tiers"
	"sponsorbridge/pb/search"
	"sponsorbridge/pb/search/searchtest"
)

// cardWorld is a market of random listings with a member who applied to
// offers and pledged to requests, and the store over it.
type cardWorld struct {
	app     core.App
	store   *listings.Store
	users   []string
	viewers []listings.Viewer
}

func newCardWorld(t *testing.T, seed uint64, n int) (*cardWorld, *rand.Rand) {
	app := apptest.NewApp(t, nil)
	t.Cleanup(app.Cleanup)
	rng := rand.New(rand.NewPCG(searchtest.Seed(t, seed), 11))
	users := scanref.Seed(t, app, rng, specs, n)
	fan := users[1]
	apps, _ := app.FindCollectionByNameOrId("applications")
	pledges, _ := app.FindCollectionByNameOrId("commitments")
	for _, k := range listings.Kinds {
		var others []struct {
			ID   string `db:"id"`
			User string `db:"user"`
		}
		if err := app.DB().NewQuery("SELECT id, user FROM " + k.Table + " WHERE user != {:u} ORDER BY random() LIMIT 40").
			Bind(map[string]any{"u": fan}).All(&others); err != nil {
			t.Fatal(err)
		}
		for _, o := range others {
			var r *core.Record
			if k.IsRequest {
				r = core.NewRecord(pledges)
				r.Set("request", o.ID)
				r.Set("sponsor", fan)
				r.Set("amount", 1+rng.IntN(500))
				r.Set("status", "active")
			} else {
				r = core.NewRecord(apps)
				r.Set("sponsorship", o.ID)
				r.Set("applicant", fan)
				r.Set("status", "pending")
			}
			r.Set("poster", o.User)
			if err := app.Save(r); err != nil {
				t.Fatal(err)
			}
		}
	}
	withPackages(t, app, rng)
	e := newSQLiteEngine(t, app, nil)
	w := &cardWorld{app: app, store: listings.NewStore(app, e), users: users, viewers: []listings.Viewer{
		{}, {ID: fan}, {ID: users[0]}, {ID: "an-admin", IsAdmin: true},
		{ID: fan, Industry: "beverages"}, {ID: users[0], Industry: "telecom"},
	}}
	return w, rng
}

// withPackages gives random requests packages (some sold out, some on a
// sale window) and random requests industries they are closed to.
func withPackages(t *testing.T, app core.App, rng *rand.Rand) {
	t.Helper()
	var ids []string
	if err := app.DB().NewQuery("SELECT id FROM sponsorship_requests ORDER BY random() LIMIT 60").Column(&ids); err != nil {
		t.Fatal(err)
	}
	closedTo := []string{`[]`, `["beverages"]`, `["telecom","beverages"]`}
	for i, id := range ids {
		if i%2 == 0 {
			specs := []tiers.Spec{{Name: "Gold", Price: int64(1 + rng.IntN(300)), Quantity: rng.IntN(3), Exclusive: rng.IntN(2) == 0,
				Benefits: []tiers.Benefit{{Title: scanref.Sentence(rng, 3)}}, SaleStart: []string{"", "2099-01-01"}[rng.IntN(2)]},
				{Name: "Silver", Price: 5, Quantity: 2, Benefits: []tiers.Benefit{{Title: "Thanks", Due: "2030-01-01"}}, SaleEnd: "2020-01-01"}}
			err := app.RunInTransaction(func(tx core.App) error { return tiers.Save(tx, id, specs[:1+rng.IntN(2)]) })
			if err != nil {
				t.Fatal(err)
			}
		}
		_, err := app.DB().NewQuery("UPDATE sponsorship_requests SET hasTiers = EXISTS (SELECT 1 FROM tiers WHERE request = {:id}), " +
			"tiersOnly = {:only}, holdDays = {:days}, clashingIndustries = {:clash}, exclusiveIndustries = {:excl} WHERE id = {:id}").
			Bind(map[string]any{"id": id, "only": i%4 == 0, "days": rng.IntN(31), "clash": closedTo[rng.IntN(3)], "excl": closedTo[rng.IntN(2)]}).Execute()
		if err != nil {
			t.Fatal(err)
		}
	}
	if _, err := app.DB().NewQuery("UPDATE tiers SET taken = quantity WHERE name = 'Silver'").Execute(); err != nil {
		t.Fatal(err)
	}
}

// check lists random pages for every kind of viewer and requires each
// answer to be byte for byte the page encoded afresh.
func (w *cardWorld) check(t *testing.T, rng *rand.Rand, rounds int) {
	t.Helper()
	ctx := context.Background()
	for _, k := range listings.Kinds {
		for range rounds {
			f := searchtest.Filter(rng, nil, catalog.Categories, w.users, k.IsRequest)
			if rng.IntN(3) == 0 {
				f = search.Filter{} // the plain first pages everyone reads
			}
			q := &listings.ListRequest{Filter: f, Sort: search.Sort(rng.IntN(3)), Page: 1 + rng.IntN(3), PerPage: 1 + rng.IntN(30)}
			for _, v := range w.viewers {
				page, err := w.store.List(ctx, k, q, v)
				if err != nil {
					t.Fatal(err)
				}
				want, err := w.store.ReferencePage(ctx, k, q, v)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(page.Body(), want) {
					at := 0
					for at < min(len(want), len(page.Body())) && want[at] == page.Body()[at] {
						at++
					}
					from := max(0, at-200)
					t.Fatalf("%s, viewer %+v, %+v: the page differs from the listings encoded afresh at byte %d:\n got …%s\nwant …%s",
						k.Table, v, q, at, page.Body()[from:min(len(page.Body()), at+200)], want[from:min(len(want), at+200)])
				}
			}
		}
	}
}

// A page answered from cards is byte for byte the page encoded afresh, for
// visitors, members with applications and pledges, posters and
// administrators; and it stays so when listings are edited, rejected,
// deleted and inserted through SQL and records, and when posters change
// their name, avatar, badges, deals and rating, or leave.
func TestCardsEqualTheListingsEncodedAfresh(t *testing.T) {
	t.Parallel()
	w, rng := newCardWorld(t, 20261129, 300)
	w.check(t, rng, 60)
	if w.store.CardsHeld() == 0 {
		t.Fatal("no card was kept: the test would not test the cache")
	}
	w.check(t, rng, 60) // now mostly from cards
	exec := func(q string, p map[string]any) {
		t.Helper()
		if _, err := w.app.DB().NewQuery(q).Bind(p).Execute(); err != nil {
			t.Fatal(err)
		}
	}
	for round := range 4 {
		mutateSQL(t, w.app, rng, w.users)
		w.check(t, rng, 40)
		// what cards show of their posters (a badge's change above empties
		// the cache anyway)
		for range 6 {
			u := w.users[rng.IntN(len(w.users))]
			p := map[string]any{"u": u, "v": scanref.Sentence(rng, 2), "n": rng.IntN(9)}
			switch rng.IntN(4) {
			case 0:
				rec, err := w.app.FindRecordById("users", u)
				if err != nil {
					t.Fatal(err)
				}
				rec.Set("displayName", scanref.Sentence(rng, 2))
				if err := w.app.Save(rec); err != nil {
					t.Fatal(err)
				}
			case 1:
				exec("UPDATE users SET avatar = 'face_'||{:n}||'.png' WHERE id = {:u}", p)
			case 2:
				exec("UPDATE users SET dealsCompleted = dealsCompleted + 1, ratingSum = ratingSum + {:n}, ratingCount = ratingCount + 1 WHERE id = {:u}", p)
			default:
				p["v"] = "renamed" + string(rune('a'+rng.IntN(26))) + string(rune('a'+rng.IntN(26))) + string(rune('0'+round))
				exec("UPDATE users SET username = {:v} WHERE id = {:u}", p)
			}
			w.check(t, rng, 15) // each change alone: any of them empties the cache
		}
	}
}

// Pages read while listings change under them: once the writes stop, every
// page is again the page encoded afresh (no card read before a write
// outlives it).
func TestCardsReadDuringWritesEndExact(t *testing.T) {
	t.Parallel()
	w, rng := newCardWorld(t, 20261130, 150)
	var wg sync.WaitGroup
	stop := make(chan struct{})
	for g := range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ctx := context.Background()
			for i := 0; ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				k := listings.Kinds[(g+i)%2]
				if _, err := w.store.List(ctx, k, &listings.ListRequest{Page: 1 + i%3, PerPage: 30}, w.viewers[g]); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	for i := range 300 {
		k := listings.Kinds[i%2]
		if _, err := w.app.DB().NewQuery("UPDATE " + k.Table + " SET title = {:t} WHERE rowid IN (SELECT rowid FROM " + k.Table +
			" ORDER BY rowid DESC LIMIT 1 OFFSET {:o})").Bind(map[string]any{"t": scanref.Sentence(rng, 3), "o": rng.IntN(90)}).Execute(); err != nil {
			t.Fatal(err)
		}
	}
	close(stop)
	wg.Wait()
	for _, k := range listings.Kinds {
		for page := 1; page <= 3; page++ {
			q := &listings.ListRequest{Page: page, PerPage: 30}
			got, err := w.store.List(context.Background(), k, q, w.viewers[0])
			if err != nil {
				t.Fatal(err)
			}
			want, err := w.store.ReferencePage(context.Background(), k, q, w.viewers[0])
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got.Body(), want) {
				t.Fatalf("%s page %d after the writes: a card outlived a write", k.Table, page)
			}
		}
	}
}

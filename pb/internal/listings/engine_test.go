package listings_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/catalog"
	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/listings"
	"sponsorbridge/pb/internal/testutil"
	"sponsorbridge/pb/internal/testutil/scanref"
	"sponsorbridge/pb/search"
	"sponsorbridge/pb/search/searchtest"
)

// The engine over SQLite (the adapter in engine*.go: columns, the hidden
// rule, statuses, event dates, stored categories, the triggers' change log,
// badges) answers what a plain scan of the tables answers: random listings
// inserted with SQL, random filters read page by page, then again after
// inserts, edits, deletes and badge changes made through raw SQL and
// through records, including the newest listing's rowid handed out again.
// pb/search's own tests cover the engine's rules in depth, in memory.

var specs = listings.SearchSpecs()

func newSQLiteEngine(t testing.TB, app core.App, tuning *search.Tuning) *listings.Engine {
	t.Helper()
	e, err := listings.NewEngine(app, tuning)
	if err != nil {
		t.Fatal(err)
	}
	if err := e.Start(); err != nil {
		t.Fatal(err)
	}
	if err := e.Wait(context.Background()); err != nil {
		t.Fatal(err)
	}
	return e
}

func checkSQLiteEngine(t *testing.T, app core.App, e *listings.Engine, rng *rand.Rand, users []string, rounds int) {
	t.Helper()
	now := time.Now().Unix()
	for _, s := range specs {
		docs := scanref.Load(t, app, s)
		ref := make([]searchtest.Doc, len(docs))
		for i, d := range docs {
			ref[i] = d.Doc
		}
		for range rounds {
			f := searchtest.Filter(rng, ref, catalog.Categories, users, s.HasEventDate)
			sort := search.Sort(rng.IntN(3))
			limit := 1 + rng.IntN(40)
			got, first := readPages(t, e.Engine, s.Table, f, sort, limit)
			want := scanref.Rowids(scanref.Search(docs, f, sort, now))
			if !slices.Equal(got, want) {
				t.Fatalf("%s: filter %+v sort %d limit %d:\n got %d %v\nwant %d %v", s.Table, f, sort, limit,
					len(got), got[:min(len(got), 12)], len(want), want[:min(len(want), 12)])
			}
			if !first.Estimated && first.Total != len(want) {
				t.Fatalf("%s: filter %+v: total %d, want %d", s.Table, f, first.Total, len(want))
			}
		}
	}
}

// readPages reads every page through cursors.
func readPages(t testing.TB, e *search.Engine, table string, f search.Filter, s search.Sort, limit int) ([]int64, *search.Result) {
	t.Helper()
	var out []int64
	var first *search.Result
	after := ""
	for page := 0; page < 5000; page++ {
		res, err := e.Search(context.Background(), table, &search.Query{Filter: f, Sort: s, Limit: limit, After: after, Total: page == 0})
		if err != nil {
			t.Fatal(err)
		}
		if first == nil {
			first = res
		}
		out = append(out, res.Rowids...)
		if !res.HasMore {
			return out, first
		}
		after = res.Next
	}
	t.Fatal("paging does not end")
	return nil, nil
}

func TestEngineOverSQLiteEqualsAScan(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	rng := rand.New(rand.NewPCG(searchtest.Seed(t, 20261125), 7))
	users := scanref.Seed(t, app, rng, specs, 500)
	e := newSQLiteEngine(t, app, nil)
	checkSQLiteEngine(t, app, e, rng, users, 100)
	for range 3 {
		mutateSQL(t, app, rng, users)
		checkSQLiteEngine(t, app, e, rng, users, 50)
	}
}

// mutateSQL edits, deletes and inserts listings and flips badges, through
// raw SQL and through records, including the newest listing (whose rowid
// SQLite hands out again).
func mutateSQL(t *testing.T, app core.App, rng *rand.Rand, users []string) {
	t.Helper()
	for _, s := range specs {
		exec := func(q string, params map[string]any) {
			if _, err := app.DB().NewQuery(q).Bind(params).Execute(); err != nil {
				t.Fatal(err)
			}
		}
		for range 40 {
			var rowid int64
			if err := app.DB().NewQuery("SELECT rowid FROM " + s.Table + " ORDER BY random() LIMIT 1").Row(&rowid); err != nil {
				t.Fatal(err)
			}
			p := map[string]any{"r": rowid}
			switch rng.IntN(7) {
			case 0:
				p["v"] = scanref.Sentence(rng, 3)
				exec("UPDATE "+s.Table+" SET title = {:v} WHERE rowid = {:r}", p)
			case 1:
				p["v"] = scanref.Sentence(rng, 10)
				exec("UPDATE "+s.Table+" SET description = {:v} WHERE rowid = {:r}", p)
			case 2:
				p["v"] = 1 + rng.IntN(9000)
				p["l"] = scanref.Places[rng.IntN(len(scanref.Places))]
				exec("UPDATE "+s.Table+" SET "+s.AmountField+" = {:v}, location = {:l} WHERE rowid = {:r}", p)
			case 3:
				exec("UPDATE "+s.Table+" SET reviewed = NOT reviewed, approved = 0 WHERE rowid = {:r}", p)
			case 4:
				exec("DELETE FROM "+s.Table+" WHERE rowid = {:r}", p)
			case 5:
				var id string
				_ = app.DB().NewQuery("SELECT id FROM " + s.Table + " WHERE rowid = {:r}").Bind(p).Row(&id)
				rec, err := app.FindRecordById(s.Table, id)
				if err != nil {
					t.Fatal(err)
				}
				rec.Set("title", scanref.Sentence(rng, 4))
				rec.Set("categories", []string{catalog.Categories[rng.IntN(len(catalog.Categories))]})
				st := searchtest.Statuses(s.HasEventDate)
				rec.Set("status", st[rng.IntN(len(st))])
				if s.HasPackages {
					rec.Set("hasTiers", rng.IntN(2) == 0)
					rec.Set("exclusiveIndustries", searchtest.ClosedTo(rng))
				}
				if err := app.Save(rec); err != nil {
					t.Fatal(err)
				}
			default:
				scanref.InsertRandom(t, app, rng, s, users)
			}
		}
		// The newest listing goes and a new one takes its rowid.
		exec("DELETE FROM "+s.Table+" WHERE rowid = (SELECT MAX(rowid) FROM "+s.Table+")", nil)
		scanref.InsertRandom(t, app, rng, s, users)
	}
	for range 4 {
		u, err := app.FindRecordById("users", users[rng.IntN(len(users))])
		if err != nil {
			t.Fatal(err)
		}
		u.Set("isVerified", !u.GetBool("isVerified"))
		if err := app.Save(u); err != nil {
			t.Fatal(err)
		}
		// the reliable mark moves by SQL, as the deal steps move it
		if _, err := app.DB().NewQuery("UPDATE users SET isReliable = NOT isReliable WHERE id = {:u}").Bind(map[string]any{"u": users[rng.IntN(len(users))]}).Execute(); err != nil {
			t.Fatal(err)
		}
		// and so do the audience and its provenance
		scanref.SetAudience(t, app, rng, users[rng.IntN(len(users))])
	}
}

// The change log is trimmed as it is applied; an engine that fell behind
// the trim (a replica stopped for a while) notices the gap and reloads.
func TestTrimmedLogAndAnEngineLeftBehind(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	rng := rand.New(rand.NewPCG(searchtest.Seed(t, 20261125), 17))
	users := scanref.Seed(t, app, rng, specs, 50)
	tune := search.DefaultTuning()
	tune.PruneEvery, tune.PruneKeep = 500, 100
	front, behind := newSQLiteEngine(t, app, &tune), newSQLiteEngine(t, app, &tune)

	for i := range 1300 {
		scanref.InsertRandom(t, app, rng, specs[i%2], users)
		if i%100 == 99 {
			if _, err := front.Search(context.Background(), specs[0].Table, &search.Query{Limit: 1}); err != nil {
				t.Fatal(err)
			}
		}
	}
	testutil.Eventually(t, 10*time.Second, "the change log to be trimmed", func() bool {
		var oldest int64
		if err := app.DB().NewQuery("SELECT COALESCE(MIN(seq), 0) FROM _search_changes").Row(&oldest); err != nil {
			t.Fatal(err)
		}
		return oldest > 100
	})
	checkSQLiteEngine(t, app, behind, rng, users, 30)
	checkSQLiteEngine(t, app, front, rng, users, 30)
}

// A schema change made while serving (the superuser dashboard) may rebuild
// a table and drop its triggers: the engine restores them and reloads, so
// writes made after it are followed again.
func TestASchemaChangeReinstallsTheLog(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	poster := testutil.CreateMember(t, app, "pia", testutil.MemberOpts{})
	e := newSQLiteEngine(t, app, nil)
	e.BindHooks()
	// What a rebuild does to the triggers.
	for _, trigger := range []string{"_search_sponsorships_ai", "_search_sponsorships_au", "_search_sponsorships_ad"} {
		if _, err := app.DB().NewQuery("DROP TRIGGER " + trigger).Execute(); err != nil {
			t.Fatal(err)
		}
	}
	before := testutil.CreateListing(t, app, "sponsorships", poster, testutil.ListingOpts{Title: "Written while the log was gone"})
	col, err := app.FindCollectionByNameOrId("sponsorships")
	if err != nil {
		t.Fatal(err)
	}
	if err := app.Save(col); err != nil { // the dashboard's save
		t.Fatal(err)
	}
	find := func(title string) bool {
		res, err := e.Search(context.Background(), "sponsorships", &search.Query{Filter: search.Filter{Keyword: title}, Limit: 5})
		if err != nil {
			t.Fatal(err)
		}
		return len(res.Rowids) == 1
	}
	testutil.Eventually(t, 10*time.Second, fmt.Sprintf("listing %s to be found after the reload", before.Id),
		func() bool { return find("Written while the log was gone") })
	testutil.CreateListing(t, app, "sponsorships", poster, testutil.ListingOpts{Title: "Written after the reload"})
	if !find("Written after the reload") {
		t.Fatal("a listing written after the schema change was not followed")
	}
}

// A start replaces a search trigger whose stored definition is not the
// code's (a site made by an older build) and drops one the code no longer
// makes; a start with nothing to change leaves the schema as it was.
func TestAStartReplacesAChangedTrigger(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	poster := testutil.CreateMember(t, app, "pia", testutil.MemberOpts{})
	exec := func(q string) {
		t.Helper()
		if _, err := app.DB().NewQuery(q).Execute(); err != nil {
			t.Fatal(err)
		}
	}
	stored := func(name string) string {
		t.Helper()
		var text string
		err := app.DB().NewQuery("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = {:name}").
			Bind(map[string]any{"name": name}).Row(&text)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			t.Fatal(err)
		}
		return text
	}
	schemaVersion := func() (v int) {
		t.Helper()
		if err := app.DB().NewQuery("PRAGMA schema_version").Row(&v); err != nil {
			t.Fatal(err)
		}
		return v
	}
	current := stored("_search_sponsorships_ai")
	if current == "" {
		t.Fatal("no insert trigger on sponsorships")
	}
	// An older build's trigger, which logs nothing, and one no build makes now.
	exec("DROP TRIGGER _search_sponsorships_ai")
	exec("CREATE TRIGGER _search_sponsorships_ai AFTER INSERT ON sponsorships BEGIN SELECT 1; END")
	exec("CREATE TRIGGER _search_gone_ai AFTER INSERT ON users BEGIN SELECT 1; END")

	e := newSQLiteEngine(t, app, nil)
	if got := stored("_search_sponsorships_ai"); got != current {
		t.Errorf("the insert trigger after a start:\n%s\nwant:\n%s", got, current)
	}
	if got := stored("_search_gone_ai"); got != "" {
		t.Errorf("a trigger no build makes survived the start: %s", got)
	}
	testutil.CreateListing(t, app, "sponsorships", poster, testutil.ListingOpts{Title: "Posted after the start"})
	res, err := e.Search(context.Background(), "sponsorships", &search.Query{Filter: search.Filter{Keyword: "Posted after the start"}, Limit: 5})
	if err != nil || len(res.Rowids) != 1 {
		t.Fatalf("a listing posted after the start: %v (%v)", res, err)
	}

	before := schemaVersion()
	newSQLiteEngine(t, app, nil)
	if after := schemaVersion(); after != before {
		t.Errorf("a start with every trigger as written changed the schema (version %d → %d)", before, after)
	}
}

package listings_test

import (
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"sponsorbridge/pb/catalog"
	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/listings"
	"sponsorbridge/pb/internal/testutil"
	"sponsorbridge/pb/internal/testutil/scanref"
	"sponsorbridge/pb/search"
)

// Every combination of the list filters, through the real route, against
// the naive reference: 600 random listings of each kind are seeded once
// and opened by one app; each subtest asks for one combination with random
// values and a random sort, and compares the page (ids, in order), the
// total and X-Has-More with a plain scan of the table.

var (
	comboOnce  sync.Once
	comboDir   string
	comboUsers []string
)

func comboTemplate(t testing.TB) string {
	comboOnce.Do(func() {
		app := apptest.NewApp(t, nil)
		rng := rand.New(rand.NewPCG(2026, 11))
		comboUsers = scanref.Seed(t, app, rng, listings.SearchSpecs(), 600)
		testutil.CreateMember(t, app, "viewer", testutil.MemberOpts{})
		if _, err := app.DB().NewQuery("PRAGMA wal_checkpoint(TRUNCATE)").Execute(); err != nil {
			t.Fatal(err)
		}
		dir, err := os.MkdirTemp("", "sb_combos_*")
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range []string{"data.db", "auxiliary.db"} {
			if err := copyFile(filepath.Join(app.DataDir(), f), filepath.Join(dir, f)); err != nil {
				t.Fatal(err)
			}
		}
		app.Cleanup()
		comboDir = dir
	})
	return comboDir
}

// dims are the list parameters; a combination is a bit mask over them.
var dims = []string{"q", "categories", "minAmount", "maxAmount", "location", "userId", "verified", "status"}

func TestEveryFilterCombinationEqualsAScan(t *testing.T) {
	t.Parallel()
	dir := comboTemplate(t)
	t.Cleanup(func() { os.RemoveAll(dir) })
	// a fixed seed: every run asks the same questions; SEARCH_SEED asks others
	seed := uint64(2026)
	if s, err := strconv.ParseUint(os.Getenv("SEARCH_SEED"), 10, 64); err == nil {
		seed = s
	}
	t.Logf("SEARCH_SEED=%d reproduces this run", seed)
	rng := rand.New(rand.NewPCG(seed, 1))

	// Every combination only reads: one app opened from the seeded copy (its
	// index loads from the table at start, as on a server start) and one
	// router serve them all, in parallel, as concurrent requests would.
	app := apptest.NewAppFromDir(t, dir, nil)
	t.Cleanup(app.Cleanup)
	handler := testutil.Handler(t, app)
	headers := testutil.Cookie(t, testutil.FindByUsername(t, app, "viewer"))

	for _, kind := range listings.Kinds {
		spec := specFor(kind)
		docs := scanref.Load(t, app, spec) // the table as the reference reads it; nothing writes
		for mask := 0; mask < 1<<len(dims); mask++ {
			f, v := comboFilter(rng, mask, kind.IsRequest)
			sort := search.Sort(rng.IntN(3))
			v.Set("sort", []string{"newest", "amount_desc", "amount_asc"}[sort])
			v.Set("perPage", strconv.Itoa(1+rng.IntN(50)))
			path := kind.Path + "?" + v.Encode()
			perPage, _ := strconv.Atoi(v.Get("perPage"))
			t.Run(fmt.Sprintf("%s %08b", kind.Table, mask), func(t *testing.T) {
				t.Parallel()
				req := httptest.NewRequest(http.MethodGet, path, nil)
				for k, h := range headers {
					req.Header.Set(k, h)
				}
				rec := httptest.NewRecorder()
				handler.ServeHTTP(rec, req)
				res := rec.Result()
				if res.StatusCode != http.StatusOK {
					t.Fatalf("%s: status %d: %s", path, res.StatusCode, rec.Body.String())
				}
				want := scanref.Search(docs, f, sort, time.Now().Unix())
				compareListPage(t, path, res, want, perPage)
			})
		}
	}
}

func specFor(k listings.Kind) listings.SearchSpec {
	for _, s := range listings.SearchSpecs() {
		if s.Table == k.Table {
			return s
		}
	}
	panic(k.Table)
}

// comboFilter draws a value for every parameter in the mask.
func comboFilter(rng *rand.Rand, mask int, isRequest bool) (search.Filter, url.Values) {
	var f search.Filter
	v := url.Values{}
	on := func(i int) bool { return mask&(1<<i) != 0 }
	if on(0) {
		// single words and pieces of words: totals are exact for these
		w := scanref.Words[rng.IntN(len(scanref.Words))]
		if rng.IntN(2) == 0 && len([]rune(w)) > 3 {
			w = string([]rune(w)[1:4])
		}
		f.Keyword = w
		v.Set("q", w)
	}
	if on(1) {
		var cats []string
		for _, c := range catalog.Categories {
			if rng.IntN(3) == 0 {
				cats = append(cats, c)
			}
		}
		if len(cats) == 0 {
			cats = []string{catalog.Categories[0]}
		}
		f.Categories = cats
		v.Set("categories", strings.ToLower(strings.Join(cats, ",")))
	}
	if on(2) {
		x := int64(rng.IntN(4000))
		f.MinAmount = &x
		v.Set("minAmount", strconv.FormatInt(x, 10))
	}
	if on(3) {
		x := int64(rng.IntN(12000))
		if f.MinAmount != nil {
			x = *f.MinAmount + int64(rng.IntN(3000))
		}
		f.MaxAmount = &x
		v.Set("maxAmount", strconv.FormatInt(x, 10))
	}
	if on(4) {
		f.Location = []string{"pune", "York", "ão", "KÖLN", "東京"}[rng.IntN(5)]
		v.Set("location", f.Location)
	}
	if on(5) {
		f.PosterID = comboUsers[rng.IntN(len(comboUsers))]
		v.Set("userId", f.PosterID)
	}
	if on(6) {
		f.VerifiedOnly = true
		v.Set("verified", "true")
	}
	// Without status the route answers open listings (what can still be
	// backed); "all" is every status.
	f.Status = listings.StatusOpen
	if on(7) {
		statuses := []string{"open", "closed", "all"}
		if isRequest {
			statuses = append(statuses, "sponsored")
		}
		v.Set("status", statuses[rng.IntN(len(statuses))])
		f.Status = v.Get("status")
		if f.Status == listings.StatusAll {
			f.Status = ""
		}
	}
	return f, v
}

func compareListPage(t testing.TB, path string, res *http.Response, want []scanref.Doc, perPage int) {
	t.Helper()
	body, _ := io.ReadAll(res.Body)
	var page []struct {
		ID string `json:"id"`
	}
	if err := json.Unmarshal(body, &page); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	got := make([]string, len(page))
	for i, p := range page {
		got[i] = p.ID
	}
	wantIDs := scanref.IDs(want)
	if len(wantIDs) > perPage {
		wantIDs = wantIDs[:perPage]
	}
	if !slices.Equal(got, wantIDs) {
		t.Errorf("%s:\n got %v\nwant %v", path, got, wantIDs)
	}
	if h := res.Header.Get("X-Total-Count"); h != strconv.Itoa(len(want)) || res.Header.Get("X-Total-Estimated") != "false" {
		t.Errorf("%s: total %s (estimated %s), want %d", path, h, res.Header.Get("X-Total-Estimated"), len(want))
	}
	if hm := res.Header.Get("X-Has-More"); hm != strconv.FormatBool(len(want) > perPage) {
		t.Errorf("%s: X-Has-More %s with %d matches and %d per page", path, hm, len(want), perPage)
	}
}

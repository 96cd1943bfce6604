package listings_test

import (
	"fmt"
	"io"
	mrand "math/rand"
	"os"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/benchdata"
	"sponsorbridge/pb/internal/notify"
	"sponsorbridge/pb/internal/queue"
	"sponsorbridge/pb/internal/savedsearch"
)

// make bench, matches and saved searches: a listing's matches
// against the other kind (one engine query plus ranking, the cost of a list
// page), and posting while 10,000 saved searches are stored (alerts come
// from the engine's reverse question, off the request path).

var benchIDs struct {
	once sync.Once
	ids  map[string][]string // by route prefix
}

func listingIDs(b *testing.B) map[string][]string {
	benchIDs.once.Do(func() {
		benchIDs.ids = map[string][]string{}
		for prefix, table := range map[string]string{"/api/sponsorships/": "sponsorships", "/api/sponsorship-requests/": "sponsorship_requests"} {
			var ids []string
			if err := benchApp.DB().NewQuery("SELECT id FROM " + table + " ORDER BY random() LIMIT 20000").Column(&ids); err != nil {
				b.Fatal(err)
			}
			benchIDs.ids[prefix] = ids
		}
	})
	return benchIDs.ids
}

// Each request asks the matches of a different listing, either kind.
func BenchmarkMatches(b *testing.B) {
	setupBench(b)
	ids := listingIDs(b)
	runClass(b, func(rng *mrand.Rand) string {
		prefix := []string{"/api/sponsorships/", "/api/sponsorship-requests/"}[rng.Intn(2)]
		return prefix + ids[prefix][rng.Intn(len(ids[prefix]))] + "/matches"
	})
}

// savedQuery draws a saved search as members make them: a keyword, a
// category, an amount floor, a place, in the mixes people use.
func savedQuery(rng *mrand.Rand) string {
	z := zipfFor(rng)
	cat := benchdata.Categories[rng.Intn(7)]
	switch x := rng.Intn(10); {
	case x < 4:
		return fmt.Sprintf(`{"q":%q}`, benchdata.Keyword(rng, z))
	case x < 6:
		return fmt.Sprintf(`{"categories":[%q]}`, cat)
	case x < 8:
		return fmt.Sprintf(`{"categories":[%q],"minAmount":%d}`, cat, 1+rng.Intn(9000))
	case x < 9:
		return fmt.Sprintf(`{"categories":[%q],"location":%q}`, cat, benchdata.Cities[rng.Intn(len(benchdata.Cities))])
	default:
		return fmt.Sprintf(`{"q":%q,"categories":[%q],"verified":true}`, benchdata.Keyword(rng, z), cat)
	}
}

var savedSeeded sync.Once

func seedSavedSearches(b *testing.B, n int) {
	savedSeeded.Do(func() {
		var owners []string
		if err := benchApp.DB().NewQuery("SELECT id FROM users WHERE username LIKE 'poster%'").Column(&owners); err != nil {
			b.Fatal(err)
		}
		c, err := benchApp.FindCollectionByNameOrId(savedsearch.Collection)
		if err != nil {
			b.Fatal(err)
		}
		rng := mrand.New(mrand.NewSource(7))
		start := time.Now()
		err = benchApp.RunInTransaction(func(tx core.App) error {
			for i := range n {
				r := core.NewRecord(c)
				r.Set("user", owners[rng.Intn(len(owners))])
				r.Set("name", fmt.Sprintf("Search %d", i))
				r.Set("kind", []string{"sponsorships", "requests"}[rng.Intn(2)])
				r.Set("query", savedQuery(rng))
				if err := tx.SaveNoValidate(r); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			b.Fatal(err)
		}
		start2 := time.Now()
		if err := savedsearch.From(benchApp).Load(); err != nil {
			b.Fatal(err)
		}
		b.Logf("stored %d saved searches in %s; loaded them in %s", n, time.Since(start).Round(time.Millisecond),
			time.Since(start2).Round(time.Millisecond))
	})
}

// Posting with 10,000 saved searches stored: one listing every 500 ms
// (two a second, 170,000 a day: far beyond a community's rate) for twelve
// times BENCH_SECONDS, each post's answer timed; the alerts and match
// notifications the posts start run in the background meanwhile. Then
// their backlog is waited for and reported.
func BenchmarkPostWithSavedSearches(b *testing.B) {
	setupBench(b)
	seedSavedSearches(b, 10_000)
	notesBefore, _ := benchApp.CountRecords(notify.Collection)
	var alertsBefore int64
	_ = benchApp.DB().Select("count(*)").From(notify.Collection).Where(dbx.HashExp{"type": notify.TypeSavedSearch}).Row(&alertsBefore)
	var lat []time.Duration
	rng := mrand.New(mrand.NewSource(100))
	z := zipfFor(rng)
	cpuFrom, from := processCPU(), time.Now()
	tick := time.NewTicker(500 * time.Millisecond)
	defer tick.Stop()
	for time.Since(from) < time.Duration(12*benchSeconds())*time.Second {
		<-tick.C
		req := newListingPost(rng, z, rng.Intn(2) == 1)
		t0 := time.Now()
		res, err := benchServer.Client().Do(req)
		lat = append(lat, time.Since(t0))
		if err != nil || res.StatusCode != 201 {
			b.Errorf("post failed: %v", err)
		}
		if err == nil {
			_, _ = io.Copy(io.Discard, res.Body)
			res.Body.Close()
		}
	}
	waitFrom := time.Now()
	queue.Of(benchApp).Wait()
	drain := time.Since(waitFrom)
	allCPU := processCPU() - cpuFrom
	slices.Sort(lat)
	n := len(lat)
	notesAfter, _ := benchApp.CountRecords(notify.Collection)
	var alerts int64
	_ = benchApp.DB().Select("count(*)").From(notify.Collection).Where(dbx.HashExp{"type": notify.TypeSavedSearch}).Row(&alerts)
	notes := notesAfter - notesBefore
	b.ReportMetric(float64(lat[n/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(lat[n*99/100].Microseconds())/1000, "p99-ms")
	b.ReportMetric(float64(lat[n-1].Microseconds())/1000, "max-ms")
	b.ReportMetric(float64(notes)/float64(n), "notes/post")
	b.ReportMetric(float64(allCPU.Microseconds())/float64(max(notes, 1)), "cpu-µs/note")
	b.ReportMetric(0, "ns/op")
	b.Logf("%d posts; %d notifications (%d saved-search alerts, the rest matches); backlog done %s after the last post",
		n, notes, alerts-alertsBefore, drain.Round(time.Millisecond))
}

func benchSeconds() int {
	if s, err := strconv.Atoi(os.Getenv("BENCH_SECONDS")); err == nil && s > 0 {
		return s
	}
	return 5
}

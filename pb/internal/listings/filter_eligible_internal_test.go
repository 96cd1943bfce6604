package listings

import (
	"encoding/json"
	"math/rand/v2"
	"testing"

	"sponsorbridge/pb/catalog"
	"sponsorbridge/pb/internal/eligibility"
	"sponsorbridge/pb/search"
	"sponsorbridge/pb/search/searchtest"
)

// The engine's eligibleOnly and the eligibility package's Check (what the
// dialog, the page and the application's refusal say) give the same
// verdict: random criteria, caps and profiles, the criteria stored as the
// offer routes store them and read back as the engine's source reads them.
func TestTheEngineAndCheckAgreeOnWhoMayApply(t *testing.T) {
	t.Parallel()
	e, err := search.New(search.Config{Source: searchtest.NewSource(), Tables: []search.Table{{Name: "sponsorships"}}, Categories: catalog.Categories})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(searchtest.Seed(t, 20261205), 41))
	places := []string{"Pune", "pune", "Pune, India", "Mumbai", "Online", "online", "Online Pune", "ne", "São Paulo", "SÃO PAULO"}
	days := []string{"2027-03-01", "2027-03-02", "2027-04-12", "2027-06-30", "2027-07-01"}
	pick := func(list []string) string { return list[rng.IntN(len(list))] }
	some := func(list []string, max int) []string {
		var out []string
		for range rng.IntN(max + 1) {
			out = append(out, pick(list))
		}
		return out
	}
	agreed := map[bool]int{}
	for range 20000 {
		c := eligibility.Criteria{Locations: some(places, 2), Categories: some(catalog.Categories, 2)}
		if rng.IntN(3) == 0 {
			c.EventFrom = pick(days)
		}
		if rng.IntN(3) == 0 {
			c.EventTo = pick(days)
		}
		c.MinAudience = []int{0, 0, 1, 200, 1000}[rng.IntN(5)]
		c.VerifiedOnly, c.ReliableOnly = rng.IntN(4) == 0, rng.IntN(4) == 0
		capacity := []int{0, 0, 1, 3}[rng.IntN(4)]
		count := rng.IntN(4)
		p := eligibility.Profile{EventLocation: pick(append(places, "", "")), EventCategories: some(catalog.Categories, 3),
			Audience: []int{0, 1, 199, 200, 5000}[rng.IntN(5)], Verified: rng.IntN(2) == 0, Reliable: rng.IntN(2) == 0}
		if rng.IntN(4) != 0 {
			p.NextEventDate = pick(days)
		}
		stored, err := json.Marshal(c)
		if err != nil {
			t.Fatal(err)
		}
		l := search.Listing{Categories: []string{"Arts"}, Criteria: storedCriteria(string(stored), capacity, count)}
		engine := e.Match(&search.Filter{EligibleOnly: true, Applicant: SearchApplicant(p)}, &l)
		check := len(eligibility.Check(c, capacity, count, p)) == 0
		if engine != check {
			t.Fatalf("criteria %s, cap %d of %d, profile %+v: the engine says %v, Check %v", stored, count, capacity, p, engine, check)
		}
		agreed[check]++
	}
	if agreed[true] < 1000 || agreed[false] < 1000 {
		t.Fatalf("too few cases of each verdict: %v", agreed)
	}
}

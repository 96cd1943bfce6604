package scanref

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"sponsorbridge/pb/catalog"
	"sponsorbridge/pb/internal/listings"
	"sponsorbridge/pb/internal/testutil"
	"sponsorbridge/pb/internal/when"
	"sponsorbridge/pb/search"
	"sponsorbridge/pb/search/searchtest"
)

// Words, Places and Sentence are searchtest's: texts and places that are
// hard on an index.
var (
	Words  = searchtest.Words
	Places = searchtest.Places
)

// Sentence joins n random words with varied separators.
func Sentence(rng *rand.Rand, n int) string { return searchtest.Sentence(rng, n) }

// Seed makes 12 posters (one in three verified) and n random listings of
// each table; it returns the posters' ids.
func Seed(t testing.TB, app core.App, rng *rand.Rand, specs []listings.SearchSpec, n int) []string {
	users := make([]string, 12)
	for i := range users {
		users[i] = testutil.CreateMember(t, app, "poster"+strconv.Itoa(i), testutil.MemberOpts{Verified: i%3 == 0}).Id
	}
	// one in four a reliable poster (the deal steps write the mark by SQL)
	if _, err := app.DB().NewQuery(`UPDATE users SET isReliable = 1 WHERE id IN ({:a}, {:b}, {:c})`).
		Bind(map[string]any{"a": users[0], "b": users[4], "c": users[8]}).Execute(); err != nil {
		t.Fatal(err)
	}
	for _, u := range users {
		SetAudience(t, app, rng, u)
	}
	for _, s := range specs {
		for i := 0; i < n; i++ {
			InsertRandom(t, app, rng, s, users)
		}
	}
	return users
}

// SetAudience gives a member a random audience figure (searchtest.Audience)
// with plain SQL, as the kit editor and the measuring job write it: a
// measured one, or one typed in (perhaps stored before figures had a
// provenance).
func SetAudience(t testing.TB, app core.App, rng *rand.Rand, user string) {
	t.Helper()
	audience, measured := searchtest.Audience(rng)
	p := []string{"", "self", "evidenced"}[rng.IntN(3)]
	if measured {
		p = "measured"
	}
	if _, err := app.DB().NewQuery(`UPDATE users SET audience = {:a}, audienceProvenance = {:p} WHERE id = {:u}`).
		Bind(map[string]any{"a": audience, "p": p, "u": user}).Execute(); err != nil {
		t.Fatal(err)
	}
}

// InsertRandom inserts one random listing with plain SQL: any mix of
// categories, amounts with many ties, rejected ones, statuses, and event
// dates in the past, the future or none.
func InsertRandom(t testing.TB, app core.App, rng *rand.Rand, s listings.SearchSpec, users []string) {
	t.Helper()
	cats := []string{}
	for _, c := range catalog.Categories {
		if rng.IntN(5) == 0 {
			cats = append(cats, c)
		}
	}
	if len(cats) == 0 {
		cats = []string{catalog.Categories[rng.IntN(len(catalog.Categories))]}
	}
	catJSON := `["` + strings.Join(cats, `","`) + `"]`
	reviewed, approved := rng.IntN(4) == 0, rng.IntN(2) == 0
	cols := "id, title, description, " + s.AmountField + ", location, categories, user, approved, reviewed, rejectionReason, created, updated"
	vals := "{:id}, {:title}, {:desc}, {:amount}, {:loc}, {:cats}, {:user}, {:approved}, {:reviewed}, '', {:now}, {:now}"
	params := map[string]any{
		"id": fmt.Sprintf("r%014d", rng.Int64N(1e14)), "title": Sentence(rng, 1+rng.IntN(5)), "desc": Sentence(rng, 1+rng.IntN(25)),
		"amount": 1 + rng.IntN(60)*rng.IntN(200), "loc": Places[rng.IntN(len(Places))], "cats": catJSON,
		"user": users[rng.IntN(len(users))], "approved": approved, "reviewed": reviewed, "now": types.NowDateTime().String(),
	}
	if s.HasStatus {
		cols += ", status"
		vals += ", {:status}"
		statuses := []string{"open", "open", "closed"}
		if s.HasEventDate {
			statuses = []string{"open", "open", "sponsored", "closed"}
		}
		params["status"] = statuses[rng.IntN(len(statuses))]
	}
	if s.HasEventDate {
		cols += ", eventDate"
		vals += ", {:event}"
		event := ""
		switch rng.IntN(3) {
		case 0:
			event = time.Now().UTC().AddDate(0, 0, -1-rng.IntN(30)).Truncate(24 * time.Hour).Format(when.StoredLayout)
		case 1:
			event = time.Now().UTC().AddDate(0, 0, rng.IntN(30)).Truncate(24 * time.Hour).Format(when.StoredLayout)
		}
		params["event"] = event
	}
	if s.HasPackages {
		// packages, and industries closed (held exclusively or refused)
		cols += ", hasTiers, exclusiveIndustries, clashingIndustries"
		vals += ", {:tiers}, {:exclusive}, {:clashing}"
		params["tiers"] = rng.IntN(3) == 0
		params["exclusive"] = JSONList(searchtest.ClosedTo(rng))
		params["clashing"] = JSONList(searchtest.ClosedTo(rng))
	}
	if s.HasCriteria {
		// who may apply (one offer in three restricts it), the cap and
		// the applications it holds
		cols += ", criteria, applicationCap, applicationCount"
		vals += ", {:criteria}, {:cap}, {:count}"
		params["criteria"], params["cap"], params["count"] = nil, 0, rng.IntN(3)
		if rng.IntN(3) == 0 {
			c := searchtest.Criteria(rng, catalog.Categories)
			params["criteria"] = StoredCriteria(c)
			if c.Full {
				params["cap"], params["count"] = 2, 2
			} else if rng.IntN(2) == 0 {
				params["cap"] = 3
			}
		}
	}
	_, err := app.DB().NewQuery("INSERT INTO " + s.Table + " (" + cols + ") VALUES (" + vals + ")").Bind(params).Execute()
	if err != nil {
		t.Fatal(err)
	}
}

// StoredCriteria is c as an offer's criteria column holds it.
func StoredCriteria(c search.Criteria) string {
	day := func(unix int64) string {
		if unix == 0 {
			return ""
		}
		return time.Unix(unix, 0).UTC().Format(time.DateOnly)
	}
	b, err := json.Marshal(map[string]any{"locations": c.Locations, "categories": c.Categories, "eventFrom": day(c.EventFrom),
		"eventTo": day(c.EventTo), "minAudience": c.MinAudience, "verifiedOnly": c.VerifiedOnly, "reliableOnly": c.ReliableOnly})
	if err != nil {
		panic(err)
	}
	return string(b)
}

// JSONList is names as a stored JSON list.
func JSONList(names []string) string {
	if len(names) == 0 {
		return "[]"
	}
	return `["` + strings.Join(names, `","`) + `"]`
}

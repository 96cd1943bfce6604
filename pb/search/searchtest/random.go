package searchtest

import (
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"sponsorbridge/pb/search"
)

// Seed is the seed of a randomized test: fixed, so that every run tests
// the same cases, unless SEARCH_SEED sets another (to explore, or to replay
// one printed before). It is logged, so a failure shows it.
func Seed(t testing.TB, fixed uint64) uint64 {
	t.Helper()
	seed := fixed
	if v, err := strconv.ParseUint(os.Getenv("SEARCH_SEED"), 10, 64); err == nil {
		seed = v
	}
	t.Logf("seed %d (SEARCH_SEED=%d replays this run; the fixed seed is %d)", seed, seed, fixed)
	return seed
}

// Words make listing texts hard for an index: case, Unicode folding,
// punctuation inside and around words.
var Words = strings.Fields(`school library robotics Robotics ROBOTICS football garden health clinic music
	festival theatre coding bootcamp scholarship river cleanup solar lamps village women girls youth
	seniors art mural film startup market café CAFÉ naïve Straße straße İstanbul ıstanbul 東京 ñandú
	c++ e-mail 100% A&B (pilot) end. well, "quoted" x86_64 pre-school preschool schools Über über`)

// Industries are the industries the tests' engines are configured with
// (search.Config.Industries): some of SponsorBridge's, so that listings
// seeded over its tables use them too.
var Industries = []string{"beverages", "telecom", "food", "banking_finance"}

// Places are locations in several spellings; "" is no location.
var Places = []string{"", "", "Pune", "Pune, India", "pune", "Mumbai", "New York", "new york city", "Lagos",
	"São Paulo", "SÃO PAULO", "Köln", "Tokyo 東京", "Berlin"}

// Sentence joins n random words with varied separators (runs of spaces,
// newlines, punctuation).
func Sentence(rng *rand.Rand, n int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteString([]string{" ", " ", " ", "  ", ", ", " - ", "\n"}[rng.IntN(7)])
		}
		b.WriteString(Words[rng.IntN(len(Words))])
	}
	return b.String()
}

// Statuses a listing may have: offers are open or closed, requests (dated
// tables) also sponsored.
func Statuses(dated bool) []string {
	if dated {
		return []string{"open", "sponsored", "closed"}
	}
	return []string{"open", "closed"}
}

// Listing is a random listing: any mix of categories (at least one),
// amounts with many ties, rejected (hidden) ones, statuses, and for a dated
// table event dates in the past, the future (relative to now) or none.
func Listing(rng *rand.Rand, categories, posters []string, dated bool, now time.Time) search.Listing {
	var cats []string
	for _, c := range categories {
		if rng.IntN(5) == 0 {
			cats = append(cats, c)
		}
	}
	if len(cats) == 0 {
		cats = []string{categories[rng.IntN(len(categories))]}
	}
	reviewed, approved := rng.IntN(4) == 0, rng.IntN(2) == 0
	l := search.Listing{
		Title: Sentence(rng, 1+rng.IntN(5)), Description: Sentence(rng, 1+rng.IntN(25)),
		Amount: int64(1 + rng.IntN(60)*rng.IntN(200)), Categories: cats, Location: Places[rng.IntN(len(Places))],
		PosterID: posters[rng.IntN(len(posters))], Hidden: reviewed && !approved,
	}
	statuses := []string{"open", "open", "closed"}
	if dated {
		statuses = []string{"open", "open", "sponsored", "closed"}
	}
	l.Status = statuses[rng.IntN(len(statuses))]
	if !dated && rng.IntN(3) == 0 {
		// offers may restrict who applies
		l.Criteria = Criteria(rng, categories)
	}
	if dated {
		// requests offer packages, and may be closed to industries
		l.HasTiers = rng.IntN(3) == 0
		l.ClosedTo = ClosedTo(rng)
		day := now.UTC().Truncate(24 * time.Hour)
		switch rng.IntN(3) {
		case 0:
			l.EventUnix = day.AddDate(0, 0, -1-rng.IntN(30)).Unix()
		case 1:
			l.EventUnix = day.AddDate(0, 0, rng.IntN(30)).Unix()
		}
	}
	return l
}

// EligiblePlaces are places of criteria and applicants: Places, online
// events in several spellings, places inside others.
var EligiblePlaces = append(slices.Clone(Places), "Online", "online ", "ONLINE", "Online Pune", "Pune, India, Maharashtra", "ne")

// eventDays are the days of event windows and applicants' next events: a
// few, so that bounds meet (the rule does not read the clock).
func eventDays() []int64 {
	day := time.Date(2027, 3, 1, 0, 0, 0, 0, time.UTC)
	var out []int64
	for i := range 6 {
		out = append(out, day.AddDate(0, 0, 10*i).Unix())
	}
	return out
}

// Criteria are random rules (each set now and then; all of them rarely).
func Criteria(rng *rand.Rand, categories []string) search.Criteria {
	var c search.Criteria
	days := eventDays()
	if rng.IntN(3) == 0 {
		for range 1 + rng.IntN(3) {
			c.Locations = append(c.Locations, EligiblePlaces[rng.IntN(len(EligiblePlaces))])
		}
	}
	if rng.IntN(3) == 0 {
		for range 1 + rng.IntN(2) {
			c.Categories = append(c.Categories, categories[rng.IntN(len(categories))])
		}
	}
	if rng.IntN(4) == 0 {
		c.EventFrom = days[rng.IntN(len(days))]
	}
	if rng.IntN(4) == 0 {
		c.EventTo = days[rng.IntN(len(days))]
	}
	if rng.IntN(4) == 0 {
		c.MinAudience = []int64{50, 200, 1000}[rng.IntN(3)]
	}
	c.VerifiedOnly = rng.IntN(6) == 0
	c.ReliableOnly = rng.IntN(6) == 0
	c.Full = rng.IntN(8) == 0
	return c
}

// Applicant is a random member's profile, often partly or wholly empty.
func Applicant(rng *rand.Rand, categories []string) *search.Applicant {
	a := &search.Applicant{Location: EligiblePlaces[rng.IntN(len(EligiblePlaces))], Verified: rng.IntN(2) == 0, Reliable: rng.IntN(2) == 0}
	for _, c := range categories {
		if rng.IntN(3) == 0 {
			a.Categories = append(a.Categories, c)
		}
	}
	if days := eventDays(); rng.IntN(4) != 0 {
		a.NextEvent = days[rng.IntN(len(days))]
	}
	a.Audience = []int64{0, 49, 50, 200, 5000}[rng.IntN(5)]
	return a
}

// Audiences are the audiences random posters state (Audience): none most
// often, and some equal.
var Audiences = []int64{0, 0, 0, 50, 50, 200, 4999, 5000}

// Audience is a poster's random audience and whether it is measured (now
// and then measured with no audience, which the engine must not take for
// none).
func Audience(rng *rand.Rand) (int64, bool) {
	return Audiences[rng.IntN(len(Audiences))], rng.IntN(3) == 0
}

// ClosedTo is a random set of Industries (none most often).
func ClosedTo(rng *rand.Rand) []string {
	var out []string
	for _, i := range Industries {
		if rng.IntN(6) == 0 {
			out = append(out, i)
		}
	}
	return out
}

// Filter is a random filter: any combination of the fields, keywords cut
// from the docs' own text (any length, spaces and punctuation included) or
// hard on folding, categories by name, amounts around the listings',
// locations either way, posters, badges and statuses.
func Filter(rng *rand.Rand, docs []Doc, categories, posters []string, dated bool) search.Filter {
	var f search.Filter
	if rng.IntN(2) == 0 && len(docs) > 0 {
		switch rng.IntN(4) {
		case 0:
			d := docs[rng.IntN(len(docs))]
			src := []rune(d.Title + " " + d.Description)
			i := rng.IntN(len(src))
			j := min(len(src), i+1+rng.IntN(12))
			f.Keyword = string(src[i:j])
		case 1:
			f.Keyword = Words[rng.IntN(len(Words))]
		case 2:
			f.Keyword = strings.ToUpper(Words[rng.IntN(len(Words))][:1])
		default:
			f.Keyword = []string{"zzq", "school library", "ol", "o", "CAFÉ", "straße", "i̇stanbul", "c+", "+", "100%", "e-", ", ", "東", "ndú"}[rng.IntN(14)]
		}
	}
	if rng.IntN(3) == 0 {
		for _, c := range categories {
			if rng.IntN(4) == 0 {
				f.Categories = append(f.Categories, c)
			}
		}
	}
	if rng.IntN(3) == 0 {
		v := int64(rng.IntN(6000))
		f.MinAmount = &v
	}
	if rng.IntN(3) == 0 {
		v := int64(rng.IntN(12000))
		if f.MinAmount != nil && rng.IntN(2) == 0 {
			v = *f.MinAmount + int64(rng.IntN(300))
		}
		f.MaxAmount = &v
	}
	if rng.IntN(3) == 0 {
		f.Location = []string{"pune", "PUNE", "york", "ão", "köln", "東京", "zz", "Pune, India", "n", "New York City, USA"}[rng.IntN(10)]
		f.LocationEitherWay = rng.IntN(3) == 0
	}
	if rng.IntN(6) == 0 {
		f.PosterID = posters[rng.IntN(len(posters))]
		f.IncludeHidden = rng.IntN(2) == 0
	}
	if rng.IntN(5) == 0 {
		f.VerifiedOnly = true
	}
	if rng.IntN(6) == 0 {
		f.ReliableOnly = true
	}
	if rng.IntN(5) == 0 {
		// around the posters' audiences (Audiences), and no minimum at all
		v := []int64{0, 1, 49, 50, 51, 200, 5000, 1_000_000_000}[rng.IntN(8)]
		f.MinAudience = &v
	}
	if rng.IntN(6) == 0 {
		f.MeasuredOnly = true
	}
	if rng.IntN(8) == 0 {
		f.ExcludePosterID = posters[rng.IntN(len(posters))]
	}
	if rng.IntN(3) == 0 {
		st := Statuses(dated)
		f.Status = st[rng.IntN(len(st))]
	}
	if rng.IntN(5) == 0 {
		f.HasTiers = true
	}
	if rng.IntN(4) == 0 {
		// a viewer of an industry, of none, or of one no engine knows
		f.OpenToMe = true
		names := append(slices.Clone(Industries), "", "martian")
		f.Industry = names[rng.IntN(len(names))]
	}
	if rng.IntN(4) == 0 {
		// a member's profile, or a visitor's (nil: nothing left out)
		f.EligibleOnly = true
		if rng.IntN(6) != 0 {
			f.Applicant = Applicant(rng, categories)
		}
	}
	return f
}

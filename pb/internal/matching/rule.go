// Package matching pairs Open Sponsorships with Sponsorship Requests.
//
// The rule (docs/api/matching.md, and on the screen): an offer and a
// request match when they share a category, the offer covers at least half
// of the requested amount, their locations are compatible (the same place
// by case-insensitive substring either way, or either has none), and the
// request is open with its event date not yet past. A listing never
// matches its own poster's listings. The other side's candidates come from
// the search engine in one query (the cost of a list page); the best five
// are ranked here.
package matching

import (
	"cmp"
	"math"
	"slices"
	"strconv"
	"strings"

	"sponsorbridge/pb/internal/listings"
	"sponsorbridge/pb/search"
)

// Best is how many matches a listing shows.
const Best = 5

// candidates is how many of the other side the engine hands over for
// ranking.
const candidates = 200

// filterFor is the engine query for the listings of the other kind that
// match l (an offer's amount a covers a request's r when a >= r/2).
func filterFor(kind listings.Kind, l *search.Listing) search.Filter {
	f := search.Filter{Categories: l.Categories, Location: strings.TrimSpace(l.Location), LocationEitherWay: true,
		Status: "open", ExcludePosterID: l.PosterID}
	if kind.IsRequest {
		min := (l.Amount + 1) / 2 // offers covering at least half
		f.MinAmount = &min
	} else {
		max := l.Amount * 2 // requests of which the offer covers at least half
		f.MaxAmount = &max
	}
	return f
}

// open tells whether a listing can be matched at all: visible, and (a
// request) open with its event not past.
func open(e *search.Engine, l *search.Listing) bool {
	if l.Hidden || len(l.Categories) == 0 {
		return false
	}
	return e.Match(&search.Filter{Status: "open"}, l)
}

// Match is one match with why it matches.
type Match struct {
	Listing listings.Listing `json:"listing"`
	Reasons []string         `json:"reasons"`
	score   float64
}

// rank scores a candidate: shared categories first, then how much of the
// request the offer covers, then how close the places are, then recency
// (the engine's order breaks ties).
func rank(me *search.Listing, meKind listings.Kind, other listings.Listing) (float64, []string) {
	var shared []string
	for _, c := range me.Categories {
		if slices.Contains(other.Categories, c) {
			shared = append(shared, c)
		}
	}
	offer, request := float64(me.Amount), float64(amountOf(other))
	if meKind.IsRequest {
		offer, request = request, offer
	}
	// Weights make the order lexicographic: categories, then coverage
	// (at most 10), then place (at most 2).
	score := 100 * float64(len(shared))
	reasons := []string{strings.Join(shared, ", ")}
	if offer >= request {
		score += 10
		reasons = append(reasons, "amount fits")
	} else {
		score += 10 * offer / request
		reasons = append(reasons, "covers "+percent(offer/request)+" of the amount")
	}
	here, there := strings.ToLower(strings.TrimSpace(me.Location)), strings.ToLower(strings.TrimSpace(other.Location))
	switch {
	case here != "" && here == there:
		score += 2
		reasons = append(reasons, other.Location)
	case here != "" && there != "":
		score++
		reasons = append(reasons, other.Location)
	default:
		reasons = append(reasons, "any location")
	}
	return score, reasons
}

func amountOf(l listings.Listing) int64 {
	if l.Amount != nil {
		return *l.Amount
	}
	if l.RequestedAmount != nil {
		return *l.RequestedAmount
	}
	return 0
}

func percent(x float64) string { return strconv.Itoa(int(math.Floor(x*100))) + "%" }

func best(ms []Match) []Match {
	slices.SortStableFunc(ms, func(a, b Match) int { return cmp.Compare(b.score, a.score) })
	return ms[:min(len(ms), Best)]
}

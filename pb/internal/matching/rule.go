// Package matching pairs Open Sponsorships with Sponsorship Requests.
//
// The rule (docs/api/matches-and-alerts.md, and on the screen): an offer and a
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
const candidates = 100

// filterFor is the rule as the one listing filter: the engine query for
// the listings of the other kind that match l (an offer's amount a covers
// a request's r when a >= r/2).
func filterFor(kind listings.Kind, l *search.Listing) search.Filter {
	f := search.Filter{Categories: l.Categories, Location: strings.TrimSpace(l.Location), LocationEitherWay: true,
		Status: listings.StatusOpen, ExcludePosterID: l.PosterID}
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
	return e.Match(&search.Filter{Status: listings.StatusOpen}, l)
}

// Match is one match with why it matches.
type Match struct {
	Listing listings.Listing `json:"listing"`
	Reasons []string         `json:"reasons"`
	score   float64
	rowid   int64
}

// score ranks a candidate: shared categories first, then how much of the
// request the offer covers, then how close the places are (the engine's
// newest-first order breaks ties). The weights make the order
// lexicographic: categories (100 each), coverage (at most 10), place (at
// most 2).
// A fit through a package (pkg, its name) counts as covering the whole
// request: the offer buys a package outright.
func score(me *search.Listing, meKind listings.Kind, other search.Facet, pkg string) float64 {
	offer, request := coverage(me, meKind, other.Amount)
	s := 100 * float64(len(shared(me.Categories, other.Categories)))
	if offer >= request || pkg != "" {
		s += 10
	} else {
		s += 10 * offer / request
	}
	here, there := search.Fold(strings.TrimSpace(me.Location)), strings.TrimSpace(other.Location)
	switch {
	case here != "" && here == there:
		s += 2
	case here != "" && there != "":
		s++
	}
	return s
}

// reasons says why a shown match matches: its shared categories, how the
// amount fits (through the package pkg names, if any), and its place.
func reasons(me *search.Listing, meKind listings.Kind, other listings.Listing, pkg string) []string {
	offer, request := coverage(me, meKind, amountOf(other))
	out := []string{strings.Join(shared(me.Categories, other.Categories), ", ")}
	switch {
	case offer >= request:
		out = append(out, "amount fits")
	case pkg != "":
		out = append(out, "fits the “"+pkg+"” package")
	default:
		out = append(out, "covers "+percent(offer/request)+" of the amount")
	}
	if strings.TrimSpace(me.Location) != "" && strings.TrimSpace(other.Location) != "" {
		out = append(out, strings.TrimSpace(other.Location))
	} else {
		out = append(out, "any location")
	}
	return out
}

// amountOf is a listing's amount: an offer's, or a request's requested.
func amountOf(l listings.Listing) int64 {
	amount := l.Amount
	if amount == nil {
		amount = l.RequestedAmount
	}
	if amount == nil {
		return 0
	}
	return *amount
}

// coverage orders two amounts as (offer, request).
func coverage(me *search.Listing, meKind listings.Kind, other int64) (offer, request float64) {
	if meKind.IsRequest {
		return float64(other), float64(me.Amount)
	}
	return float64(me.Amount), float64(other)
}

func shared(mine, theirs []string) []string {
	var out []string
	for _, c := range mine {
		if slices.Contains(theirs, c) {
			out = append(out, c)
		}
	}
	return out
}

func percent(x float64) string { return strconv.Itoa(int(math.Floor(x*100))) + "%" }

// best keeps the limit best, stable (the engine's newest-first order
// breaks ties).
func best(ms []Match, limit int) []Match {
	slices.SortStableFunc(ms, func(a, b Match) int { return cmp.Compare(b.score, a.score) })
	return ms[:min(len(ms), limit)]
}

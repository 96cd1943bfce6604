// Package savedsearch keeps members' saved searches and alerts them when a
// new listing matches one: the alert comes from the search engine's
// reverse question (a Percolator holding every saved search), never from
// running the saved searches as queries.
package savedsearch

import (
	"net/url"
	"strconv"
	"strings"

	"sponsorbridge/pb/internal/listings"
	"sponsorbridge/pb/search"
)

// Query is a saved search's conditions: the list route's parameters, in
// the form the list route validates (listings.ParseQuery).
type Query struct {
	Q          string   `json:"q,omitempty"`
	Categories []string `json:"categories,omitempty"`
	MinAmount  *int64   `json:"minAmount,omitempty"`
	MaxAmount  *int64   `json:"maxAmount,omitempty"`
	Location   string   `json:"location,omitempty"`
	Verified   bool     `json:"verified,omitempty"`
}

// values is the query as list parameters.
func (q Query) values() url.Values {
	v := url.Values{}
	set := func(k, val string) {
		if val != "" {
			v.Set(k, val)
		}
	}
	set("q", q.Q)
	set("categories", strings.Join(q.Categories, ","))
	if q.MinAmount != nil {
		v.Set("minAmount", strconv.FormatInt(*q.MinAmount, 10))
	}
	if q.MaxAmount != nil {
		v.Set("maxAmount", strconv.FormatInt(*q.MaxAmount, 10))
	}
	set("location", q.Location)
	if q.Verified {
		v.Set("verified", "true")
	}
	return v
}

// normalize validates the query with the list route's own rules and
// returns it canonical (trimmed, category names as the catalog spells
// them), or the list route's field errors.
func normalize(kind listings.Kind, q Query) (Query, error) {
	parsed, err := listings.ParseQuery(kind, q.values())
	if err != nil {
		return Query{}, err
	}
	return Query{Q: parsed.Keyword, Categories: parsed.Categories, MinAmount: parsed.MinAmount, MaxAmount: parsed.MaxAmount,
		Location: parsed.Location, Verified: parsed.VerifiedOnly}, nil
}

// filter is the query for the search engine: visible listings that can
// still be backed (an alert never names a hidden, closed, sponsored or
// past-event listing; the listing screen it links to shows open ones by
// default, like the list routes).
func (q Query) filter() search.Filter {
	return search.Filter{Keyword: q.Q, Categories: q.Categories, MinAmount: q.MinAmount, MaxAmount: q.MaxAmount,
		Location: q.Location, VerifiedOnly: q.Verified, Status: listings.StatusOpen}
}

// appPath opens the listing screen with the search applied (the web app's
// URL keys: tab, q, categories, min, max, location, verified).
func (q Query) appPath(kind string) string {
	v := url.Values{}
	if kind == KindRequests {
		v.Set("tab", "requests")
	}
	if q.Q != "" {
		v.Set("q", q.Q)
	}
	if len(q.Categories) > 0 {
		v.Set("categories", strings.Join(q.Categories, ","))
	}
	if q.MinAmount != nil {
		v.Set("min", strconv.FormatInt(*q.MinAmount, 10))
	}
	if q.MaxAmount != nil {
		v.Set("max", strconv.FormatInt(*q.MaxAmount, 10))
	}
	if q.Location != "" {
		v.Set("location", q.Location)
	}
	if q.Verified {
		v.Set("verified", "true")
	}
	if len(v) == 0 {
		return "/home"
	}
	return "/home?" + v.Encode()
}

// The two kinds a search runs on, as the web app names its tabs.
const (
	KindSponsorships = "sponsorships"
	KindRequests     = "requests"
)

func kindOf(name string) (listings.Kind, bool) {
	switch name {
	case KindSponsorships:
		return listings.Sponsorships, true
	case KindRequests:
		return listings.Requests, true
	}
	return listings.Kind{}, false
}

func kindName(table string) string {
	if table == listings.Requests.Table {
		return KindRequests
	}
	return KindSponsorships
}

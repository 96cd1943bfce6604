package listings

import (
	"slices"

	validation "github.com/pocketbase/ozzo-validation/v4"

	"sponsorbridge/pb/search"
)

// StoredFilter is a member's conditions as a saved search keeps them (its
// "query" JSON column) and as the saved-search routes take and answer them.
// The keys are the list route's parameter names, so a search saved from
// the listing screen reads like the list request it came from. Stored rows
// of every saved search so far have exactly this form; keep it.
type StoredFilter struct {
	Q          string   `json:"q,omitempty"`
	Categories []string `json:"categories,omitempty"`
	MinAmount  *int64   `json:"minAmount,omitempty"`
	MaxAmount  *int64   `json:"maxAmount,omitempty"`
	Location   string   `json:"location,omitempty"`
	Verified   bool     `json:"verified,omitempty"`
	Reliable   bool     `json:"reliable,omitempty"`
}

// StoreFilter is the stored form of f: the conditions a member chooses.
// Status is not stored: a saved search asks for the list routes' default
// (open, what can still be backed), and LoadFilter puts it back; nor are
// the poster conditions, which the saved search's owner decides.
func StoreFilter(f search.Filter) StoredFilter {
	return StoredFilter{Q: f.Keyword, Categories: f.Categories, MinAmount: f.MinAmount, MaxAmount: f.MaxAmount,
		Location: f.Location, Verified: f.VerifiedOnly, Reliable: f.ReliableOnly}
}

// LoadFilter reads a stored form with the list route's rules (the same as
// ParseList's) into the canonical filter, asking for open listings like a
// list request without status. A form that breaks the rules answers the
// field errors (keyed by list parameter) beside the filter as given: the
// saved-search routes refuse it; a stored row, checked when it was
// written, loads as it stands.
func LoadFilter(s StoredFilter) (search.Filter, error) {
	f := search.Filter{Keyword: s.Q, Categories: s.Categories, MinAmount: s.MinAmount, MaxAmount: s.MaxAmount,
		Location: s.Location, VerifiedOnly: s.Verified, ReliableOnly: s.Reliable, Status: StatusOpen}
	given := f // normalize replaces fields, never writes into them
	errs := validation.Errors{}
	normalize(&f, errs)
	if len(errs) > 0 {
		return given, errs
	}
	return f, nil
}

// SameFilter tells whether two filters find the same listings: canonical
// equality. Keyword and location compare as the engine compares them (case
// folded), categories as a set; everything else exactly.
func SameFilter(a, b search.Filter) bool {
	return search.Fold(a.Keyword) == search.Fold(b.Keyword) &&
		search.Fold(a.Location) == search.Fold(b.Location) &&
		sameSet(a.Categories, b.Categories) &&
		sameAmount(a.MinAmount, b.MinAmount) && sameAmount(a.MaxAmount, b.MaxAmount) &&
		a.LocationEitherWay == b.LocationEitherWay && a.Status == b.Status &&
		a.PosterID == b.PosterID && a.ExcludePosterID == b.ExcludePosterID &&
		a.VerifiedOnly == b.VerifiedOnly && a.ReliableOnly == b.ReliableOnly && a.IncludeHidden == b.IncludeHidden
}

func sameSet(a, b []string) bool {
	for _, x := range a {
		if !slices.Contains(b, x) {
			return false
		}
	}
	for _, x := range b {
		if !slices.Contains(a, x) {
			return false
		}
	}
	return true
}

func sameAmount(a, b *int64) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}

package listings

import (
	"reflect"
	"slices"

	validation "github.com/pocketbase/ozzo-validation/v4"

	"sponsorbridge/pb/search"
)

// StoredFilter is a member's conditions as a saved search keeps them (its
// "query" JSON column) and as the saved-search routes take and answer them:
// one field per filter field, keyed by its Saved key (FilterFields; a
// field's list parameter name, so a search saved from the listing screen
// reads like the list request it came from). Stored rows of every saved
// search so far have exactly this form; keep it.
type StoredFilter struct {
	Q          string   `json:"q,omitempty"`
	Categories []string `json:"categories,omitempty"`
	MinAmount  *int64   `json:"minAmount,omitempty"`
	MaxAmount  *int64   `json:"maxAmount,omitempty"`
	Location   string   `json:"location,omitempty"`
	Verified   bool     `json:"verified,omitempty"`
	Reliable   bool     `json:"reliable,omitempty"`
	// requests only (FilterField.RequestsOnly)
	HasPackages  bool   `json:"hasPackages,omitzero"`
	OpenToMe     bool   `json:"openToMe,omitzero"`
	MinAudience  *int64 `json:"minAudience,omitzero"`
	MeasuredOnly bool   `json:"measuredOnly,omitzero"`
	// offers only (FilterField.OffersOnly)
	EligibleOnly bool `json:"eligibleOnly,omitzero"`
}

// StoreFilter is the stored form of f: the conditions a member chooses.
// Status is not stored: a saved search asks for the list routes' default
// (open, what can still be backed), and LoadFilter puts it back; nor are
// the poster conditions, which the saved search's owner decides.
func StoreFilter(f search.Filter) StoredFilter {
	var s StoredFilter
	for _, d := range FilterFields {
		d.stored(&s).Set(d.in(&f))
	}
	return s
}

// LoadFilter reads a stored form with the list route's rules (the same as
// ParseList's) into the canonical filter, asking for open listings like a
// list request without status. A form that breaks the rules answers the
// field errors (keyed by list parameter) beside the filter as given: the
// saved-search routes refuse it; a stored row, checked when it was
// written, loads as it stands.
func LoadFilter(s StoredFilter) (search.Filter, error) {
	f := search.Filter{Status: StatusOpen}
	for _, d := range FilterFields {
		d.in(&f).Set(d.stored(&s))
	}
	given := f // normalize replaces fields, never writes into them
	errs := validation.Errors{}
	normalize(&f, errs)
	if len(errs) > 0 {
		return given, errs
	}
	return f, nil
}

// SameFilter tells whether two filters find the same listings: canonical
// equality. The filter fields compare as FilterField.same says (text case
// folded, as the engine compares it; categories as a set); everything else
// exactly.
func SameFilter(a, b search.Filter) bool {
	for _, d := range FilterFields {
		if !d.same(a, b) {
			return false
		}
	}
	return a.LocationEitherWay == b.LocationEitherWay && a.Status == b.Status &&
		a.PosterID == b.PosterID && a.ExcludePosterID == b.ExcludePosterID && a.IncludeHidden == b.IncludeHidden &&
		a.Industry == b.Industry && reflect.DeepEqual(a.Applicant, b.Applicant)
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

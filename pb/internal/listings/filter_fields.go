package listings

import (
	"fmt"
	"net/url"
	"reflect"
	"strconv"
	"strings"

	validation "github.com/pocketbase/ozzo-validation/v4"

	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/search"
)

// A filter field is one condition a member chooses (what a saved search
// keeps), declared once here with every spelling it has. The readers and
// writers follow the declaration: ParseList (list parameters), AppURL (the
// listing screen's URL), StoreFilter and LoadFilter (a saved search's
// JSON), SameFilter; and the web app, which reads it from the generated
// contract (pb/cmd/apitypes writes it into web/src/lib/api-types.gen.ts as
// listingFilterFields) for its URL, its list requests and its saved
// searches. Adding a field is a line here, its search.Filter field (the
// engine), its StoredFilter field, the screen's control and their tests;
// filter_fields_test.go fails when a side does not read a declared field.
type FilterField struct {
	// Param is the list routes' parameter (docs/api/listings.md), the web
	// app's ListingFilters field and the key of its errors.
	Param string `json:"param"`
	// Screen is the listing screen's URL key (/home?…).
	Screen string `json:"screen"`
	// Saved is the key of a saved search's stored conditions (StoredFilter).
	Saved string `json:"saved"`
	// Value is how the value is written (FilterText, …).
	Value FilterValue `json:"value"`
	// RequestsOnly: a condition of Sponsorship Requests alone (packages);
	// the offers' list routes and saved searches leave it out (ForKind).
	RequestsOnly bool `json:"requestsOnly,omitzero"`
	// OffersOnly: a condition of Open Sponsorships alone (eligibility);
	// the requests' list routes and saved searches leave it out (ForKind).
	OffersOnly bool `json:"offersOnly,omitzero"`
	// Filter is the search.Filter field it sets; not sent to the web app.
	Filter string `json:"-"`
}

// A FilterValue is the kind of a filter field's value, which says how it
// is read and written.
type FilterValue string

// The kinds of value, with the search.Filter type each fills.
const (
	// FilterText is a string (trimmed; empty is no condition).
	FilterText FilterValue = "text"
	// FilterCategories is catalog categories ([]string), comma-separated in
	// a URL.
	FilterCategories FilterValue = "categories"
	// FilterAmount is a whole number (*int64; absent is no condition):
	// dollars, or a poster's audience (minAudience).
	FilterAmount FilterValue = "amount"
	// FilterFlag is true or false (bool; "true" in a URL, absent is false).
	FilterFlag FilterValue = "flag"
)

// The filter fields.
var (
	FieldKeyword    = FilterField{Param: "q", Screen: "q", Saved: "q", Value: FilterText, Filter: "Keyword"}
	FieldCategories = FilterField{Param: "categories", Screen: "categories", Saved: "categories", Value: FilterCategories, Filter: "Categories"}
	FieldMinAmount  = FilterField{Param: "minAmount", Screen: "min", Saved: "minAmount", Value: FilterAmount, Filter: "MinAmount"}
	FieldMaxAmount  = FilterField{Param: "maxAmount", Screen: "max", Saved: "maxAmount", Value: FilterAmount, Filter: "MaxAmount"}
	FieldLocation   = FilterField{Param: "location", Screen: "location", Saved: "location", Value: FilterText, Filter: "Location"}
	FieldVerified   = FilterField{Param: "verified", Screen: "verified", Saved: "verified", Value: FilterFlag, Filter: "VerifiedOnly"}
	// FieldReliable is reliable posters only: 3 distinct, established
	// counterparties and 90% of the funded deals completed
	// (docs/api/deals.md, "Reliability").
	FieldReliable = FilterField{Param: "reliable", Screen: "reliable", Saved: "reliable", Value: FilterFlag, Filter: "ReliableOnly"}
	// FieldHasPackages is "Has packages": requests with at least one tier
	// (docs/api/packages.md, "Filters").
	FieldHasPackages = FilterField{Param: "hasPackages", Screen: "hasPackages", Saved: "hasPackages", Value: FilterFlag,
		RequestsOnly: true, Filter: "HasTiers"}
	// FieldOpenToMe is "Open to my industry": requests neither held
	// exclusively by, nor clashing with, the signed-in member's industry,
	// which the server reads (ForViewer); nothing for visitors or members
	// with no industry.
	FieldOpenToMe = FilterField{Param: "openToMe", Screen: "openToMe", Saved: "openToMe", Value: FilterFlag,
		RequestsOnly: true, Filter: "OpenToMe"}
	// FieldEligibleOnly is "Only offers I can apply to": offers whose
	// rules the signed-in member passes, the cap included
	// (docs/api/eligibility.md), read against the profile the server reads
	// (ForViewer); nothing for visitors.
	FieldEligibleOnly = FilterField{Param: "eligibleOnly", Screen: "eligibleOnly", Saved: "eligibleOnly", Value: FilterFlag,
		OffersOnly: true, Filter: "EligibleOnly"}
	// FieldMinAudience is requests whose poster's audience figure
	// (users.audience) is at least the number (docs/api/proof-of-value.md,
	// "Lists and saved searches").
	FieldMinAudience = FilterField{Param: "minAudience", Screen: "minAudience", Saved: "minAudience", Value: FilterAmount,
		RequestsOnly: true, Filter: "MinAudience"}
	// FieldMeasuredOnly is "Measured figures only": requests whose poster's
	// audience is measured by SponsorBridge (users.audienceProvenance).
	FieldMeasuredOnly = FilterField{Param: "measuredOnly", Screen: "measuredOnly", Saved: "measuredOnly", Value: FilterFlag,
		RequestsOnly: true, Filter: "MeasuredOnly"}
)

// FilterFields are the filter fields in the order they are written.
var FilterFields = []FilterField{FieldKeyword, FieldCategories, FieldMinAmount, FieldMaxAmount, FieldLocation, FieldVerified, FieldReliable,
	FieldHasPackages, FieldOpenToMe, FieldEligibleOnly, FieldMinAudience, FieldMeasuredOnly}

// ForKind is f with the conditions kind's listings cannot meet left out:
// the package and audience conditions on offers, eligibility on requests (the web app
// keeps one set of conditions across its tabs, so they are ignored there,
// not refused).
func ForKind(kind Kind, f search.Filter) search.Filter {
	for _, d := range FilterFields {
		if d.RequestsOnly && !kind.IsRequest || d.OffersOnly && kind.IsRequest {
			v := d.in(&f)
			v.Set(reflect.Zero(v.Type()))
		}
	}
	return f
}

// FilterValues are the kinds of value.
var FilterValues = []FilterValue{FilterText, FilterCategories, FilterAmount, FilterFlag}

// flagTrue is a flag's value when set, in a URL.
const flagTrue = "true"

// goType is the Go type a kind of value fills.
func (v FilterValue) goType() reflect.Type {
	switch v {
	case FilterText:
		return reflect.TypeFor[string]()
	case FilterCategories:
		return reflect.TypeFor[[]string]()
	case FilterAmount:
		return reflect.TypeFor[*int64]()
	case FilterFlag:
		return reflect.TypeFor[bool]()
	}
	panic("listings: unknown filter value " + string(v))
}

// in is the field's place in f.
func (d FilterField) in(f *search.Filter) reflect.Value {
	return reflect.ValueOf(f).Elem().FieldByName(d.Filter)
}

// storedIndex is each field's place in StoredFilter, by its json key.
var storedIndex = func() map[string]int {
	out := map[string]int{}
	t := reflect.TypeFor[StoredFilter]()
	for i := 0; i < t.NumField(); i++ {
		key, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		out[key] = i
	}
	for _, d := range FilterFields {
		f, ok := reflect.TypeFor[search.Filter]().FieldByName(d.Filter)
		i, stored := out[d.Saved]
		if !ok || !stored || f.Type != d.Value.goType() || t.Field(i).Type != f.Type {
			panic(fmt.Sprintf("listings: filter field %q: search.Filter.%s and StoredFilter %q must both be %s", d.Param, d.Filter, d.Saved, d.Value.goType()))
		}
	}
	return out
}()

// stored is the field's place in s.
func (d FilterField) stored(s *StoredFilter) reflect.Value {
	return reflect.ValueOf(s).Elem().Field(storedIndex[d.Saved])
}

// parseParam reads the field's list parameter into f; a malformed value
// is the parameter's error in errs. Ranges and names are normalize's.
func (d FilterField) parseParam(v url.Values, f *search.Filter, errs validation.Errors) {
	dst := d.in(f)
	switch d.Value {
	case FilterText:
		dst.SetString(v.Get(d.Param))
	case FilterCategories:
		dst.Set(reflect.ValueOf(v[d.Param]))
	case FilterAmount:
		raw := strings.TrimSpace(v.Get(d.Param))
		if raw == "" {
			return
		}
		n, err := strconv.ParseInt(raw, 10, 64)
		if err != nil {
			errs[d.Param] = numberError(d.Param)
			return
		}
		dst.Set(reflect.ValueOf(&n))
	case FilterFlag:
		yes, err := d.parseFlag(v)
		if err != nil {
			errs[d.Param] = err
		}
		dst.SetBool(yes)
	}
}

// ParseFlags reads the flag fields' parameters alone (the poster
// conditions: verified, reliable), as the matches route takes them: a
// filter holding only those, or the malformed ones' errors.
func ParseFlags(v url.Values) (search.Filter, validation.Errors) {
	var f search.Filter
	errs := validation.Errors{}
	for _, d := range FilterFields {
		if d.Value == FilterFlag {
			d.parseParam(v, &f, errs)
		}
	}
	return f, errs
}

// WithFlags is f with the flag fields of flags (ParseFlags' filter).
func WithFlags(f, flags search.Filter) search.Filter {
	for _, d := range FilterFields {
		if d.Value == FilterFlag {
			d.in(&f).Set(d.in(&flags))
		}
	}
	return f
}

// parseFlag reads a flag field's parameter: true, false or absent (false).
func (d FilterField) parseFlag(v url.Values) (bool, error) {
	switch v.Get(d.Param) {
	case "", "false":
		return false, nil
	case flagTrue:
		return true, nil
	}
	return false, apierr.Field("validation_invalid_bool", d.Param+" must be true or false")
}

// screenValue is the field's value in f as the listing screen's URL
// writes it; "" leaves the key out.
func (d FilterField) screenValue(f search.Filter) string {
	src := d.in(&f)
	switch d.Value {
	case FilterText:
		return src.String()
	case FilterCategories:
		return strings.Join(src.Interface().([]string), ",")
	case FilterAmount:
		if n := src.Interface().(*int64); n != nil {
			return strconv.FormatInt(*n, 10)
		}
	case FilterFlag:
		if src.Bool() {
			return flagTrue
		}
	}
	return ""
}

// same tells whether a and b hold the same condition in the field: text
// as the engine compares it (case folded), categories as a set, the rest
// exactly.
func (d FilterField) same(a, b search.Filter) bool {
	x, y := d.in(&a), d.in(&b)
	switch d.Value {
	case FilterText:
		return search.Fold(x.String()) == search.Fold(y.String())
	case FilterCategories:
		return sameSet(x.Interface().([]string), y.Interface().([]string))
	case FilterAmount:
		return sameAmount(x.Interface().(*int64), y.Interface().(*int64))
	}
	return x.Bool() == y.Bool()
}

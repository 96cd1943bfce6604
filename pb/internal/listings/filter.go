package listings

import (
	"net/url"
	"strings"
	"unicode"
	"unicode/utf8"

	validation "github.com/pocketbase/ozzo-validation/v4"

	"sponsorbridge/pb/catalog"
	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/eligibility"
	"sponsorbridge/pb/internal/paging"
	"sponsorbridge/pb/search"
)

// A listing filter has one type, the engine's search.Filter, and one
// canonical form, made here. It travels:
//
//	web app URL (/home?tab=requests&q=…&min=…)  the web app reads FilterFields
//	  -> list parameters (?q=…&minAmount=…)      ParseList
//	  -> search.Filter                           -> Engine.Search / Percolator
//	and back:
//	  search.Filter -> stored JSON               StoreFilter / LoadFilter
//	  search.Filter -> web app URL               AppURL
//
// SameFilter compares two filters in that form. The member's conditions
// are declared once, with each of their spellings, in FilterFields
// (filter_fields.go); every step above reads them from there.

// Paging limits of the list routes.
const (
	DefaultPerPage = 12
	MaxPerPage     = 50
	MaxPage        = paging.MaxPage
	maxKeyword     = 100
	maxCursor      = 64
)

// ListRequest is a parsed, validated list request: which listings (the
// filter) and which page of them.
type ListRequest struct {
	// Filter never sets IncludeHidden: who may see rejected listings
	// depends on the viewer (Store.List decides).
	Filter search.Filter
	Sort   search.Sort
	// Cursor continues after the last listing of a previous page (keyset
	// paging); Page is the older page-number way.
	Cursor  string
	Page    int
	PerPage int
}

// ParseList reads and validates a list route's parameters
// (docs/api/listings.md, "List query parameters") into the filter and the
// page, or answers the field errors.
func ParseList(kind Kind, v url.Values) (*ListRequest, error) {
	errs := validation.Errors{}
	f := search.Filter{PosterID: strings.TrimSpace(v.Get("userId"))}
	for _, d := range FilterFields {
		d.parseParam(v, &f, errs)
	}
	if len(f.PosterID) > 32 {
		errs["userId"] = apierr.Field("validation_invalid", "Unknown member")
	}
	f.Status = statusParam(kind, strings.TrimSpace(v.Get("status")), errs)
	normalize(&f, errs)
	f = ForKind(kind, f)

	r := &ListRequest{Filter: f, Cursor: strings.TrimSpace(v.Get("cursor"))}
	if len(r.Cursor) > maxCursor {
		errs["cursor"] = apierr.Field("validation_invalid_cursor", "The cursor is not valid; start again from the first page")
	}
	switch strings.TrimSpace(v.Get("sort")) {
	case "", "newest":
		r.Sort = search.Newest
	case "amount_desc":
		r.Sort = search.AmountDesc
	case "amount_asc":
		r.Sort = search.AmountAsc
	default:
		errs["sort"] = apierr.Field("validation_invalid_sort", "Sort must be newest, amount_desc or amount_asc")
	}
	p := paging.Read(v, DefaultPerPage, MaxPerPage, errs)
	r.Page, r.PerPage = p.Page, p.PerPage

	if len(errs) > 0 {
		return nil, errs
	}
	return r, nil
}

// statusParam is the effective status asked for: open by default (what
// can still be backed), "" for every status (the parameter's "all").
func statusParam(kind Kind, raw string, errs validation.Errors) string {
	switch raw {
	case "":
		return StatusOpen
	case StatusAll:
		return ""
	case StatusOpen, StatusClosed:
		return raw
	case StatusSponsored:
		if !kind.IsRequest {
			errs["status"] = apierr.Field("validation_invalid_status", "An Open Sponsorship is open or closed")
		}
		return raw
	}
	errs["status"] = apierr.Field("validation_invalid_status", "Status must be open, sponsored, closed or all")
	return ""
}

// numberError is a number field's error: not a whole number, or out of
// its range.
func numberError(name string) error {
	switch name {
	case FieldMinAmount.Param:
		return apierr.Field("validation_invalid_number", "Minimum amount must be a whole number")
	case FieldMinAudience.Param:
		return apierr.Field("validation_invalid_number", "Audience must be a whole number from 1 to 1,000,000,000")
	}
	return apierr.Field("validation_invalid_number", "Maximum amount must be a whole number")
}

// normalize applies the rules a member's conditions share wherever they
// come from (list parameters, a saved search's body or its stored row) and
// makes them canonical: keyword and location trimmed, category names as
// the catalog spells them, each once, in the order given. Broken rules are
// added to errs under the list parameter's name.
func normalize(f *search.Filter, errs validation.Errors) {
	f.Keyword = strings.TrimSpace(f.Keyword)
	switch {
	case !printable(f.Keyword):
		errs[FieldKeyword.Param] = apierr.Field("validation_invalid_text", "Keyword contains characters that are not text")
	case utf8.RuneCountInString(f.Keyword) > maxKeyword:
		errs[FieldKeyword.Param] = apierr.Field("validation_too_long", "Keyword must be at most 100 characters")
	}
	f.Location = strings.TrimSpace(f.Location)
	switch {
	case !printable(f.Location):
		errs[FieldLocation.Param] = apierr.Field("validation_invalid_text", "Location contains characters that are not text")
	case utf8.RuneCountInString(f.Location) > MaxLocation:
		errs[FieldLocation.Param] = apierr.Field("validation_too_long", "Location must be at most 120 characters")
	}
	f.Categories = canonicalCategories(f.Categories, errs)
	f.MinAmount = amountInRange(f.MinAmount, FieldMinAmount.Param, errs)
	f.MaxAmount = amountInRange(f.MaxAmount, FieldMaxAmount.Param, errs)
	if f.MinAmount != nil && f.MaxAmount != nil && *f.MinAmount > *f.MaxAmount {
		errs[FieldMaxAmount.Param] = apierr.Field("validation_range", "Maximum amount must not be below the minimum")
	}
	if n := f.MinAudience; n != nil && (*n < 1 || *n > eligibility.MaxAudience) {
		errs[FieldMinAudience.Param] = numberError(FieldMinAudience.Param)
		f.MinAudience = nil
	}
}

// amountInRange keeps an amount a listing can carry; another is the
// parameter's error (a negative amount is not a whole number of dollars).
func amountInRange(n *int64, name string, errs validation.Errors) *int64 {
	if n != nil && (*n < 0 || *n > MaxAmount) {
		errs[name] = numberError(name)
		return nil
	}
	return n
}

// canonicalCategories reads category names, each entry possibly a
// comma-separated list (the list parameter's form), in any case. None is
// nil, so a canonical filter has one empty value.
func canonicalCategories(raw []string, errs validation.Errors) []string {
	var out []string
	for _, entry := range raw {
		for _, name := range strings.Split(entry, ",") {
			name = strings.TrimSpace(name)
			if name == "" {
				continue
			}
			canonical, ok := canonicalCategory(name)
			if !ok {
				errs[FieldCategories.Param] = apierr.Field("validation_unknown_category", "Unknown category")
				continue
			}
			out = appendUnique(out, canonical)
		}
	}
	return out
}

func canonicalCategory(name string) (string, bool) {
	for _, c := range catalog.Categories {
		if strings.EqualFold(c, name) {
			return c, true
		}
	}
	return "", false
}

func appendUnique(list []string, s string) []string {
	for _, x := range list {
		if x == s {
			return list
		}
	}
	return append(list, s)
}

// printable tells whether s is valid UTF-8 without control characters (a
// NUL byte or an escape sequence is never part of a search).
func printable(s string) bool {
	if !utf8.ValidString(s) {
		return false
	}
	for _, r := range s {
		if unicode.IsControl(r) {
			return false
		}
	}
	return true
}

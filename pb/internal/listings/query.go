package listings

import (
	"net/url"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	validation "github.com/pocketbase/ozzo-validation/v4"

	"sponsorbridge/pb/catalog"
	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/paging"
)

// Paging limits of the list routes.
const (
	DefaultPerPage = 12
	MaxPerPage     = 50
	MaxPage        = paging.MaxPage
	maxKeyword     = 100
	maxCursor      = 64
)

// Query is a parsed, validated list request.
type Query struct {
	Keyword    string
	Categories []string
	MinAmount  *int64
	MaxAmount  *int64
	Location   string
	// Status is the effective status asked for: open by default (what can
	// still be backed), "" for every status (the parameter's "all").
	Status string
	UserID string
	// VerifiedOnly keeps listings whose poster carries the verified badge.
	VerifiedOnly bool
	Sort         string
	// Cursor continues after the last listing of a previous page (keyset
	// paging); Page is the older page-number way.
	Cursor  string
	Page    int
	PerPage int
}

// ParseQuery reads and validates the list parameters (docs/api/README.md).
func ParseQuery(kind Kind, v url.Values) (*Query, error) {
	q := &Query{
		Keyword:  strings.TrimSpace(v.Get("q")),
		Location: strings.TrimSpace(v.Get("location")),
		Status:   strings.TrimSpace(v.Get("status")),
		UserID:   strings.TrimSpace(v.Get("userId")),
		Sort:     strings.TrimSpace(v.Get("sort")),
		Cursor:   strings.TrimSpace(v.Get("cursor")),
		Page:     1,
		PerPage:  DefaultPerPage,
	}
	errs := validation.Errors{}

	switch {
	case !printable(q.Keyword):
		errs["q"] = apierr.Field("validation_invalid_text", "Keyword contains characters that are not text")
	case utf8.RuneCountInString(q.Keyword) > maxKeyword:
		errs["q"] = apierr.Field("validation_too_long", "Keyword must be at most 100 characters")
	}
	switch {
	case !printable(q.Location):
		errs["location"] = apierr.Field("validation_invalid_text", "Location contains characters that are not text")
	case utf8.RuneCountInString(q.Location) > 120:
		errs["location"] = apierr.Field("validation_too_long", "Location must be at most 120 characters")
	}
	if len(q.Cursor) > maxCursor {
		errs["cursor"] = apierr.Field("validation_invalid_cursor", "The cursor is not valid; start again from the first page")
	}
	switch v.Get("verified") {
	case "", "false":
	case "true":
		q.VerifiedOnly = true
	default:
		errs["verified"] = apierr.Field("validation_invalid_bool", "verified must be true or false")
	}
	if len(q.UserID) > 32 {
		errs["userId"] = apierr.Field("validation_invalid", "Unknown member")
	}

	for _, raw := range v["categories"] {
		for _, name := range strings.Split(raw, ",") {
			name = strings.TrimSpace(name)
			if name == "" {
				continue
			}
			canonical, ok := canonicalCategory(name)
			if !ok {
				errs["categories"] = apierr.Field("validation_unknown_category", "Unknown category")
				break
			}
			q.Categories = appendUnique(q.Categories, canonical)
		}
	}

	var err error
	if q.MinAmount, err = optionalAmount(v.Get("minAmount")); err != nil {
		errs["minAmount"] = apierr.Field("validation_invalid_number", "Minimum amount must be a whole number")
	}
	if q.MaxAmount, err = optionalAmount(v.Get("maxAmount")); err != nil {
		errs["maxAmount"] = apierr.Field("validation_invalid_number", "Maximum amount must be a whole number")
	}
	if q.MinAmount != nil && q.MaxAmount != nil && *q.MinAmount > *q.MaxAmount {
		errs["maxAmount"] = apierr.Field("validation_range", "Maximum amount must not be below the minimum")
	}

	switch q.Status {
	case "":
		q.Status = StatusOpen
	case StatusAll:
		q.Status = ""
	case StatusOpen, StatusClosed:
	case StatusSponsored:
		if !kind.IsRequest {
			errs["status"] = apierr.Field("validation_invalid_status", "An Open Sponsorship is open or closed")
		}
	default:
		errs["status"] = apierr.Field("validation_invalid_status", "Status must be open, sponsored, closed or all")
	}

	switch q.Sort {
	case "":
		q.Sort = "newest"
	case "newest", "amount_desc", "amount_asc":
	default:
		errs["sort"] = apierr.Field("validation_invalid_sort", "Sort must be newest, amount_desc or amount_asc")
	}

	p := paging.Read(v, DefaultPerPage, MaxPerPage, errs)
	q.Page, q.PerPage = p.Page, p.PerPage

	if len(errs) > 0 {
		return nil, errs
	}
	return q, nil
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

func optionalAmount(raw string) (*int64, error) {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return nil, nil
	}
	n, err := strconv.ParseInt(raw, 10, 64)
	if err != nil || n < 0 || n > MaxAmount {
		return nil, strconv.ErrSyntax
	}
	return &n, nil
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

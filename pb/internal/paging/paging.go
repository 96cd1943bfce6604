// Package paging is every paged list's paging: it reads the page and
// perPage query parameters (one rule and one wording for their errors) and
// writes the one list answer (Answer: a JSON array, the page in headers).
package paging

import (
	"net/url"
	"strconv"
	"strings"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apierr"
)

// MaxPage bounds page numbers: OFFSET paging past it is a scraper, not a reader.
const MaxPage = 10000

// Params is a 1-based page and its size.
type Params struct {
	Page, PerPage int
}

// Offset is the number of rows before the page.
func (p Params) Offset() int { return (p.Page - 1) * p.PerPage }

// Read reads page (default 1) and perPage (default perPage; a route with a
// fixed page size passes maxPerPage 0 and perPage is not read). Field errors
// are added to errs, so a route can report them with its other fields.
func Read(q url.Values, perPage, maxPerPage int, errs validation.Errors) Params {
	p := Params{Page: 1, PerPage: perPage}
	if n, ok, bad := number(q, "page", MaxPage); bad {
		errs["page"] = apierr.Field("validation_invalid_page", "Page must be a whole number from 1 to "+strconv.Itoa(MaxPage))
	} else if ok {
		p.Page = n
	}
	if maxPerPage == 0 {
		return p
	}
	if n, ok, bad := number(q, "perPage", maxPerPage); bad {
		errs["perPage"] = apierr.Field("validation_invalid_per_page", "perPage must be a whole number from 1 to "+strconv.Itoa(maxPerPage))
	} else if ok {
		p.PerPage = n
	}
	return p
}

// FromRequest reads the paging of a route that has no other query fields,
// answering 400 with the field errors when they are wrong.
func FromRequest(e *core.RequestEvent, perPage, maxPerPage int) (Params, error) {
	errs := validation.Errors{}
	p := Read(e.Request.URL.Query(), perPage, maxPerPage, errs)
	if len(errs) > 0 {
		return p, e.BadRequestError("Please check the paging parameters.", errs)
	}
	return p, nil
}

// number reads a whole number from 1 to max; ok says it was given, bad
// that it was given wrong.
func number(q url.Values, name string, max int) (n int, ok, bad bool) {
	raw := strings.TrimSpace(q.Get(name))
	if raw == "" {
		return 0, false, false
	}
	n, err := strconv.Atoi(raw)
	if err != nil || n < 1 || n > max {
		return 0, false, true
	}
	return n, true, false
}

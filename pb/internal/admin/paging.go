package admin

import (
	"strconv"
	"strings"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apierr"
)

// Paging of the admin lists.
const (
	defaultPerPage = 20
	maxPerPage     = 100
	maxPage        = 10000
)

// Page is the answer of every admin list: PocketBase's own list shape.
type Page[T any] struct {
	Page       int `json:"page"`
	PerPage    int `json:"perPage"`
	TotalItems int `json:"totalItems"`
	TotalPages int `json:"totalPages"`
	Items      []T `json:"items"`
}

func newPage[T any](p paging, total int, items []T) Page[T] {
	if items == nil {
		items = []T{}
	}
	return Page[T]{Page: p.page, PerPage: p.perPage, TotalItems: total,
		TotalPages: (total + p.perPage - 1) / p.perPage, Items: items}
}

type paging struct{ page, perPage int }

func (p paging) offset() int { return (p.page - 1) * p.perPage }

// readPaging reads page and perPage; errs collects their field errors.
func readPaging(e *core.RequestEvent, errs validation.Errors) paging {
	p := paging{page: 1, perPage: defaultPerPage}
	q := e.Request.URL.Query()
	if raw := strings.TrimSpace(q.Get("page")); raw != "" {
		n, err := strconv.Atoi(raw)
		if err != nil || n < 1 || n > maxPage {
			errs["page"] = apierr.Field("validation_invalid_page", "Page must be a whole number from 1 to 10000")
		} else {
			p.page = n
		}
	}
	if raw := strings.TrimSpace(q.Get("perPage")); raw != "" {
		n, err := strconv.Atoi(raw)
		if err != nil || n < 1 || n > maxPerPage {
			errs["perPage"] = apierr.Field("validation_invalid_per_page", "perPage must be a whole number from 1 to 100")
		} else {
			p.perPage = n
		}
	}
	return p
}

func likePattern(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
	return "%" + r.Replace(s) + "%"
}

package admin

import (
	"strings"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/paging"
)

// Paging of the admin lists.
const (
	defaultPerPage = 20
	maxPerPage     = 100
)

// Page is the answer of every admin list: PocketBase's own list shape.
type Page[T any] struct {
	Page       int `json:"page"`
	PerPage    int `json:"perPage"`
	TotalItems int `json:"totalItems"`
	TotalPages int `json:"totalPages"`
	Items      []T `json:"items"`
}

func newPage[T any](p paging.Params, total int, items []T) Page[T] {
	if items == nil {
		items = []T{}
	}
	return Page[T]{Page: p.Page, PerPage: p.PerPage, TotalItems: total,
		TotalPages: (total + p.PerPage - 1) / p.PerPage, Items: items}
}

// readPaging reads page and perPage; errs collects their field errors.
func readPaging(e *core.RequestEvent, errs validation.Errors) paging.Params {
	return paging.Read(e.Request.URL.Query(), defaultPerPage, maxPerPage, errs)
}

func likePattern(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
	return "%" + r.Replace(s) + "%"
}

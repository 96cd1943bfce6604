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

// readPaging reads page and perPage; errs collects their field errors.
func readPaging(e *core.RequestEvent, errs validation.Errors) paging.Params {
	return paging.Read(e.Request.URL.Query(), defaultPerPage, maxPerPage, errs)
}

func likePattern(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
	return "%" + r.Replace(s) + "%"
}

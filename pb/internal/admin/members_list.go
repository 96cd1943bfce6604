package admin

import (
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apierr"
)

// MaxMemberSearch bounds the members list's search, in characters.
const MaxMemberSearch = 100

// membersList answers members, newest first, optionally those whose
// username or display name contains q (any letter case).
func membersList(e *core.RequestEvent) error {
	errs := validation.Errors{}
	p := readPaging(e, errs)
	q := strings.TrimSpace(e.Request.URL.Query().Get("q"))
	if utf8.RuneCountInString(q) > MaxMemberSearch {
		errs["q"] = apierr.Field("validation_too_long", "Search must be at most "+strconv.Itoa(MaxMemberSearch)+" characters")
	}
	if len(errs) > 0 {
		return e.BadRequestError("Invalid list parameters.", errs)
	}

	where := dbx.NewExp("1 = 1")
	if q != "" {
		where = dbx.NewExp(`(username LIKE {:q} ESCAPE '\' OR displayName LIKE {:q} ESCAPE '\')`, dbx.Params{"q": likePattern(q)})
	}
	now := time.Now()
	return answerCounted(e, p, "users", where, []string{"created DESC", "id DESC"}, each(func(r *core.Record) Member { return toMember(r, now) }))
}

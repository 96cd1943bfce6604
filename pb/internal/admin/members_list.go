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
	"sponsorbridge/pb/internal/paging"
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
	total, err := e.App.CountRecords("users", where)
	if err != nil {
		return e.InternalServerError("", err)
	}
	var records []*core.Record
	err = e.App.RecordQuery("users").AndWhere(where).OrderBy("created DESC", "id DESC").
		Limit(int64(p.PerPage)).Offset(int64(p.Offset())).All(&records)
	if err != nil {
		return e.InternalServerError("", err)
	}
	now := time.Now()
	items := make([]Member, len(records))
	for i, r := range records {
		items[i] = toMember(r, now)
	}
	return paging.Answer(e, items, paging.Counted(p, int(total)))
}

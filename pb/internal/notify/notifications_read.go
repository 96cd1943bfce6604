package notify

import (
	"net/http"

	"sponsorbridge/pb/internal/apierr"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// ReadAnswer is what marking notifications read answers: how many are
// still unread.
type ReadAnswer struct {
	Unread int `json:"unread"`
}

// markRead marks the member's notifications read: the ids named, or all of
// them when the body names none. Other members' ids are simply not matched.
func markRead(e *core.RequestEvent) error {
	form := &readForm{}
	if err := apierr.ReadOptionalBody(e, form); err != nil {
		return err
	}
	if len(form.IDs) > 100 {
		return e.BadRequestError("At most 100 notifications can be marked at once.", nil)
	}
	where := dbx.And(dbx.HashExp{"user": e.Auth.Id, "read": false})
	if len(form.IDs) > 0 {
		ids := make([]any, len(form.IDs))
		for i, id := range form.IDs {
			ids[i] = id
		}
		where = dbx.And(where, dbx.In("id", ids...))
	}
	// a direct UPDATE: marking read is bookkeeping, not an event anyone subscribes to
	if _, err := e.App.DB().Update(Collection, dbx.Params{"read": true}, where).Execute(); err != nil {
		return e.InternalServerError("", err)
	}
	unread, err := UnreadCount(e.App, e.Auth.Id)
	if err != nil {
		return e.InternalServerError("", err)
	}
	return e.JSON(http.StatusOK, ReadAnswer{Unread: unread})
}

// ----------------------------------------------------------------

type readForm struct {
	IDs []string `json:"ids"`
}

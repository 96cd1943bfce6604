package notify

import (
	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/refusal"
)

// MaxMarkRead is how many notifications one request may name.
const MaxMarkRead = 100

// ReadRequest is POST /api/notifications/read's body: the ids to mark, or
// none for all.
type ReadRequest struct {
	IDs []string `json:"ids,omitzero"` // none: all of them
}

// ReadAnswer is what marking notifications read answers: how many are
// still unread.
type ReadAnswer struct {
	Unread int `json:"unread"`
}

// MarkRead marks member's notifications read: the ids named, or all of
// them when in names none. Other members' ids are simply not matched.
func MarkRead(app core.App, memberID string, in ReadRequest) (ReadAnswer, error) {
	if len(in.IDs) > MaxMarkRead {
		return ReadAnswer{}, refusal.Invalidf("At most 100 notifications can be marked at once.", nil)
	}
	where := dbx.And(dbxUnread(memberID))
	if len(in.IDs) > 0 {
		ids := make([]any, len(in.IDs))
		for i, id := range in.IDs {
			ids[i] = id
		}
		where = dbx.And(where, dbx.In("id", ids...))
	}
	// a direct UPDATE: marking read is bookkeeping, not an event anyone subscribes to
	if _, err := app.DB().Update(Collection, dbx.Params{"read": true}, where).Execute(); err != nil {
		return ReadAnswer{}, err
	}
	unread, err := UnreadCount(app, memberID)
	return ReadAnswer{Unread: unread}, err
}

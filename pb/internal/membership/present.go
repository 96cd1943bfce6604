package membership

import (
	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/refusal"
)

// Still re-reads member memberID inside the write transaction tx and
// refuses as NotSignedIn (401) when the account is gone. A member may
// delete their account while another of their requests is under way; that
// request was authenticated before the deletion. Deleting runs in a
// transaction and transactions take turns on the app's one writing
// connection, so a member found here stays until tx commits (and the
// deletion then removes or unlinks what tx wrote), and one not found must
// write nothing: a row pointing to a deleted member fails PocketBase's
// relation check (a 500 before) or, saved just after the check, is left
// behind.
func Still(tx core.App, memberID string) error {
	if ok, err := Exists(tx, memberID); err != nil {
		return err
	} else if !ok {
		return refusal.New(refusal.NotSignedIn, NotSignedIn)
	}
	return nil
}

// Exists tells whether the member memberID has an account, read with app
// (inside a write transaction: until it commits). It reads one indexed row
// and no field: every write checks it inside its transaction, where a whole
// record's load and field decoding (what FindRecordById costs) was the
// largest part of a message's time holding the one writer.
func Exists(app core.App, memberID string) (bool, error) {
	if memberID == "" {
		return false, nil
	}
	var n int
	err := app.DB().Select("COUNT(*)").From("users").Where(dbx.HashExp{"id": memberID}).Row(&n)
	return n > 0, err
}

// IDOf is member's id, "" for no member (which Still refuses).
func IDOf(member *core.Record) string {
	if member == nil {
		return ""
	}
	return member.Id
}

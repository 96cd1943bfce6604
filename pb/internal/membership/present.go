package membership

import (
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
	if memberID == "" {
		return refusal.New(refusal.NotSignedIn, NotSignedIn)
	}
	if _, err := tx.FindRecordById("users", memberID); err != nil {
		return refusal.New(refusal.NotSignedIn, NotSignedIn)
	}
	return nil
}

// IDOf is member's id, "" for no member (which Still refuses).
func IDOf(member *core.Record) string {
	if member == nil {
		return ""
	}
	return member.Id
}

package membership

import (
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/refusal"
)

// MsgNotSignedIn is what a request of a member who is not (or no longer)
// there answers.
const MsgNotSignedIn = "You are not signed in."

// Still is Present for a domain action: nil when the member memberID still
// exists in tx, else a NotSignedIn refusal (the 401 Present answers).
func Still(tx core.App, memberID string) error {
	if memberID == "" {
		return refusal.New(refusal.NotSignedIn, MsgNotSignedIn)
	}
	if _, err := tx.FindRecordById("users", memberID); err != nil {
		return refusal.New(refusal.NotSignedIn, MsgNotSignedIn)
	}
	return nil
}

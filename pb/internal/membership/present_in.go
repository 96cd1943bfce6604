package membership

import (
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/refusal"
)

// PresentIn is Present for a domain action: member, re-read inside the
// action's write transaction tx, is still there, else the action is refused
// as not signed in (401, the same words).
func PresentIn(tx core.App, member *core.Record) error {
	if member == nil {
		return refusal.New(refusal.NotSignedIn, "You are not signed in.")
	}
	if _, err := tx.FindRecordById("users", member.Id); err != nil {
		return refusal.New(refusal.NotSignedIn, "You are not signed in.")
	}
	return nil
}

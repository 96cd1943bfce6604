package admin

import (
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/refusal"
)

// msgCheckFields is the top message of an input refused field by field.
const msgCheckFields = "Please check the highlighted fields."

// checked is a validation's field errors as the action's refusal (nil: valid).
func checked(fields error) error {
	if fields != nil {
		return refusal.Invalidf(msgCheckFields, fields)
	}
	return nil
}

// present refuses an action whose member deleted their account while it was
// under way: tx, the action's write transaction, no longer finds them
// (membership.Present says why this matters).
func present(tx core.App, member *core.Record) error {
	if member == nil {
		return refusal.New(refusal.NotSignedIn, "You are not signed in.")
	}
	if _, err := tx.FindRecordById("users", member.Id); err != nil {
		return refusal.New(refusal.NotSignedIn, "You are not signed in.")
	}
	return nil
}

package admin

import (
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

package apierr

import "sponsorbridge/pb/internal/refusal"

// MsgCheckFields is the top message of every answer with field errors.
const MsgCheckFields = "Please check the highlighted fields."

// Invalid is a domain action's refusal of input whose fields did not pass
// (err: the field errors), with the one top message Bind answers too; nil
// when err is nil.
func Invalid(err error) error {
	if err == nil {
		return nil
	}
	return refusal.Invalidf(MsgCheckFields, err)
}

package settings

import (
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/refusal"
)

// ConfirmWord is what a member types to confirm deleting their account
// when they do not give their password (members who sign in with Google
// have none they know).
const ConfirmWord = "DELETE"

// DeleteRequest is DELETE /api/user's body: the password, or the
// ConfirmWord.
type DeleteRequest struct {
	Password string `json:"password,omitzero"` // a member with a password
	Confirm  string `json:"confirm,omitzero"`  // a member without one types DELETE
}

// DeleteAccount deletes memberID. Their listings, applications and
// notifications go with them (cascade); conversations and messages stay
// readable for the other member, with the sender shown as "Deleted member";
// a request they sponsored stays sponsored; their deals stay with the other
// side (docs/api/deals.md, "When a member deletes their account").
func DeleteAccount(app core.App, memberID string, in DeleteRequest) error {
	member, err := freshMember(app, memberID)
	if err != nil {
		return err
	}
	switch {
	case in.Password != "":
		if !member.ValidatePassword(in.Password) {
			return refusal.Fields(validation.Errors{
				"password": apierr.Field("validation_wrong_password", "Password is incorrect"),
			})
		}
	case in.Confirm != ConfirmWord:
		return refusal.Fields(validation.Errors{
			"confirm": apierr.Field("validation_confirm", "Type DELETE to confirm"),
		})
	}
	return app.Delete(member)
}

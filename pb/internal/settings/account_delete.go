package settings

import (
	"net/http"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/session"
)

// ConfirmWord is what a member types to confirm deleting their account
// when they do not give their password (members who sign in with Google
// have none they know).
const ConfirmWord = "DELETE"

// deleteAccount deletes the member. Their listings, applications and
// notifications go with them (cascade); conversations and messages stay
// readable for the other member, with the sender shown as "Deleted member";
// a request they sponsored stays sponsored; their deals stay with the other
// side (docs/api/deals.md, "When a member deletes their account"). The
// session cookie is cleared.
func deleteAccount(e *core.RequestEvent) error {
	form := &deleteForm{}
	if err := apierr.ReadBody(e, form); err != nil {
		return err
	}
	member, err := freshMember(e)
	if err != nil {
		return err
	}
	switch {
	case form.Password != "":
		if !member.ValidatePassword(form.Password) {
			return e.BadRequestError("Please check the highlighted fields.", validation.Errors{
				"password": apierr.Field("validation_wrong_password", "Password is incorrect"),
			})
		}
	case form.Confirm != ConfirmWord:
		return e.BadRequestError("Please check the highlighted fields.", validation.Errors{
			"confirm": apierr.Field("validation_confirm", "Type DELETE to confirm"),
		})
	}
	if err := e.App.Delete(member); err != nil {
		return e.InternalServerError("Could not delete the account.", err)
	}
	session.End(e)
	return e.NoContent(http.StatusNoContent)
}

// ----------------------------------------------------------------

type deleteForm struct {
	Password string `json:"password"`
	Confirm  string `json:"confirm"`
}

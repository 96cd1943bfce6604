package settings

import (
	"strings"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/ozzo-validation/v4/is"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apierr"
)

// changeEmail sets the member's e-mail address. It must not belong to
// another member; it is stored unverified (PocketBase's verified flag),
// which never shows the trust badge.
func changeEmail(e *core.RequestEvent) error {
	form := &emailForm{}
	if err := apierr.Bind(e, form, form.validate); err != nil {
		return err
	}
	member, err := freshMember(e)
	if err != nil {
		return err
	}
	if strings.EqualFold(member.Email(), form.Email) {
		return answerOwn(e, member)
	}
	if other, err := e.App.FindAuthRecordByEmail("users", form.Email); err == nil && other.Id != member.Id {
		return emailTaken(e)
	}
	member.SetEmail(form.Email)
	member.SetVerified(false)
	if err := e.App.Save(member); err != nil {
		// another member may have taken it between the check and the save
		if _, findErr := e.App.FindAuthRecordByEmail("users", form.Email); findErr == nil {
			return emailTaken(e)
		}
		return e.BadRequestError("Could not save the e-mail address.", err)
	}
	return answerOwn(e, member)
}

func emailTaken(e *core.RequestEvent) error {
	return e.BadRequestError("Please check the highlighted fields.", validation.Errors{
		"email": apierr.Field("validation_email_taken", "This e-mail address is already in use"),
	})
}

// ----------------------------------------------------------------

type emailForm struct {
	Email string `json:"email"`
}

func (f *emailForm) validate() error {
	f.Email = strings.ToLower(strings.TrimSpace(f.Email))
	switch {
	case f.Email == "":
		return validation.Errors{"email": apierr.Field("validation_required", "E-mail is required")}
	case len(f.Email) > 254 || is.EmailFormat.Validate(f.Email) != nil:
		return validation.Errors{"email": apierr.Field("validation_invalid_email", "Enter a valid e-mail address")}
	}
	return nil
}

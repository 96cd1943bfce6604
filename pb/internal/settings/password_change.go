package settings

import (
	"time"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/accounts"
	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/notify"
	"sponsorbridge/pb/internal/session"
)

// changePassword sets a new password after checking the current one, and
// tells the member's proven address.
// PocketBase rotates the member's tokenKey with the password, which signs
// out every other session (their open pages are told why); this one gets a
// fresh cookie.
func changePassword(e *core.RequestEvent) error {
	form := &passwordForm{}
	if err := apierr.Bind(e, form, form.validate); err != nil {
		return err
	}
	// the slow check runs before the write transaction, not inside it
	current, err := freshMember(e)
	if err != nil {
		return err
	}
	if !current.ValidatePassword(form.CurrentPassword) {
		return e.BadRequestError("Please check the highlighted fields.", validation.Errors{
			"currentPassword": apierr.Field("validation_wrong_password", "Current password is incorrect"),
		})
	}
	member, err := changeMember(e, func(m *core.Record) error {
		m.SetPassword(form.NewPassword)
		return nil
	})
	if err != nil {
		if isHTTPError(err) {
			return err
		}
		return e.BadRequestError("Could not change the password.", err)
	}
	notify.PasswordChanged(e.App, member, time.Now())
	session.TellEnded(e.App, member.Id, session.EndedPasswordChanged, session.Current(e))
	if err := session.Start(e, member); err != nil {
		return err
	}
	return answerOwn(e, member)
}

// ----------------------------------------------------------------

type passwordForm struct {
	CurrentPassword string `json:"currentPassword"`
	NewPassword     string `json:"newPassword"`
}

func (f *passwordForm) validate() error {
	errs := validation.Errors{}
	if f.CurrentPassword == "" {
		errs["currentPassword"] = apierr.Field("validation_required", "Current password is required")
	}
	if err := accounts.CheckPassword(f.NewPassword); err != nil {
		errs["newPassword"] = err
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}

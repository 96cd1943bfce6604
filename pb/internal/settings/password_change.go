package settings

import (
	"time"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/accounts"
	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/notify"
	"sponsorbridge/pb/internal/refusal"
)

// PasswordRequest is POST /api/user/password's body.
type PasswordRequest struct {
	CurrentPassword string `json:"currentPassword"`
	NewPassword     string `json:"newPassword"`
}

// ChangePassword sets a new password for memberID after checking the
// current one, and tells the member's proven address.
func ChangePassword(app core.App, memberID string, in PasswordRequest) (*core.Record, error) {
	if err := in.validate(); err != nil {
		return nil, refusal.Fields(err)
	}
	// the slow check runs before the write transaction, not inside it
	current, err := freshMember(app, memberID)
	if err != nil {
		return nil, err
	}
	if !current.ValidatePassword(in.CurrentPassword) {
		return nil, refusal.Fields(validation.Errors{
			"currentPassword": apierr.Field("validation_wrong_password", "Current password is incorrect"),
		})
	}
	member, err := changeMember(app, memberID, func(m *core.Record) error {
		m.SetPassword(in.NewPassword)
		return nil
	})
	if err != nil {
		return nil, orInvalid(err, "Could not change the password.")
	}
	notify.PasswordChanged(app, member, time.Now())
	return member, nil
}

func (f *PasswordRequest) validate() error {
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

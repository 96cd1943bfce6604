package settings

import (
	"strings"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/ozzo-validation/v4/is"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/refusal"
	"sponsorbridge/pb/internal/signin"
)

// EmailRequest is POST /api/user/email's body: the address to add.
type EmailRequest struct {
	Email string `json:"email"`
}

// ChangeEmail starts adding an address to memberID's account: it waits in
// pendingEmail (where it blocks nobody) and a code is mailed to it. The
// answer is the same whether or not the address is another member's. An
// address equal to the member's proven one cancels a pending change. A
// code that did not leave is signin.CodeFailure's error.
func ChangeEmail(app core.App, memberID string, in EmailRequest) (*core.Record, error) {
	if err := in.validate(); err != nil {
		return nil, refusal.Fields(err)
	}
	member, err := freshMember(app, memberID)
	if err != nil {
		return nil, err
	}
	if strings.EqualFold(member.Email(), in.Email) {
		if member.GetString("pendingEmail") == "" {
			return member, nil
		}
		return setPending(app, memberID, "")
	}
	if _, err := signin.SendCode(app, in.Email, signin.ConfirmationMail); err != nil {
		return nil, signin.CodeFailure(app, "E-mail confirmation code", err)
	}
	return setPending(app, memberID, in.Email)
}

func setPending(app core.App, memberID, address string) (*core.Record, error) {
	return changeMember(app, memberID, func(m *core.Record) error {
		m.Set("pendingEmail", address)
		return nil
	})
}

// ----------------------------------------------------------------

func (f *EmailRequest) validate() error {
	f.Email = strings.ToLower(strings.TrimSpace(f.Email))
	switch {
	case f.Email == "":
		return validation.Errors{"email": apierr.Field("validation_required", "E-mail is required")}
	case len(f.Email) > 254 || is.EmailFormat.Validate(f.Email) != nil:
		return validation.Errors{"email": apierr.Field("validation_invalid_email", "Enter a valid e-mail address")}
	}
	return nil
}

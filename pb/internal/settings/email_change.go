package settings

import (
	"strings"
	"time"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/ozzo-validation/v4/is"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/limits"
	"sponsorbridge/pb/internal/notify"
	"sponsorbridge/pb/internal/refusal"
	"sponsorbridge/pb/internal/session"
	"sponsorbridge/pb/internal/signin"
)

// EmailRequest is POST /api/user/email's body: the address to add.
type EmailRequest struct {
	Email string `json:"email"`
}

// ConfirmRequest is POST /api/user/email/confirm's body: the code mailed
// to the pending address.
type ConfirmRequest struct {
	Code string `json:"code"`
}

// changeEmail is POST /api/user/email (ChangeEmail).
func changeEmail(e *core.RequestEvent) error {
	in := EmailRequest{}
	if err := apierr.ReadBody(e, &in); err != nil {
		return err
	}
	member, err := ChangeEmail(e.App, e.Auth.Id, in)
	if err != nil {
		return signin.AnswerCodeFailure(e, err)
	}
	return answerOwn(e, member)
}

// confirmEmail is POST /api/user/email/confirm (ConfirmEmail). PocketBase
// ends every session of a member whose address changes: this one
// continues with a fresh session, as after a password change.
func confirmEmail(e *core.RequestEvent) error {
	in := ConfirmRequest{}
	if err := apierr.ReadBody(e, &in); err != nil {
		return err
	}
	member, err := ConfirmEmail(e.App, limits.ClientOf(e), e.Auth.Id, in)
	if err != nil {
		return failed(e, err, "Could not save the e-mail address.")
	}
	if err := session.Start(e, member); err != nil {
		return err
	}
	return answerOwn(e, member)
}

// ChangeEmail starts adding an address to memberID's account: it waits in
// pendingEmail (where it blocks nobody) and a code is mailed to it. The
// answer is the same whether or not the address is another member's. An
// address equal to the member's proven one cancels a pending change. A
// code that did not leave is signin.CodeFailure's error.
func ChangeEmail(app core.App, memberID string, in EmailRequest) (*core.Record, error) {
	if err := in.validate(); err != nil {
		return nil, apierr.Invalid(err)
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

// ConfirmEmail proves memberID's pending address with its code (within the
// client's and the address's budgets of wrong codes) and makes it the
// member's, and tells the previous address, if proven, of the change.
// Having proven it, the member may learn that another account proved it
// first.
func ConfirmEmail(app core.App, client limits.Client, memberID string, in ConfirmRequest) (*core.Record, error) {
	if err := in.validate(); err != nil {
		return nil, apierr.Invalid(err)
	}
	member, err := freshMember(app, memberID)
	if err != nil {
		return nil, err
	}
	pending := member.GetString("pendingEmail")
	if pending == "" {
		return nil, refusal.Invalidf("There is no e-mail address waiting for a code. Enter the address first.", nil)
	}
	if err := signin.ProveAddress(app, client, pending, in.Code); err != nil {
		return nil, err
	}
	var taken, oldProven bool
	var oldAddress string
	err = app.RunInTransaction(func(tx core.App) error {
		m, err := tx.FindRecordById("users", memberID)
		if err != nil {
			return notSignedIn() // the account was deleted meanwhile
		}
		if other, err := signin.FindByProvenEmail(tx, pending); err == nil && other.Id != m.Id {
			taken = true
			m.Set("pendingEmail", "")
			return tx.Save(m)
		}
		oldAddress, oldProven = m.Email(), m.Verified()
		m.SetEmail(pending)
		m.SetVerified(true)
		m.Set("pendingEmail", "")
		if err := tx.Save(m); err != nil {
			return err
		}
		member = m
		return nil
	})
	switch {
	case err != nil:
		return nil, err
	case taken:
		return nil, &refusal.Refusal{Kind: refusal.Conflict,
			Message: "This e-mail address already belongs to another SponsorBridge account. Sign in to that account, or remove the address there first.",
			Fields:  validation.Errors{"email": apierr.Field("validation_email_taken", "This e-mail address already belongs to another account")}}
	}
	notify.EmailChanged(app, member, oldAddress, oldProven, time.Now())
	return member, nil
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

func (f *ConfirmRequest) validate() error {
	f.Code = strings.TrimSpace(f.Code)
	switch {
	case f.Code == "":
		return validation.Errors{"code": apierr.Field("validation_required", "Enter the code from the e-mail")}
	case len(f.Code) > 16:
		return validation.Errors{"code": apierr.Field("validation_code_wrong", "That code is not right. Check the e-mail and try again.")}
	}
	return nil
}

package settings

import (
	"errors"
	"net/http"
	"strings"
	"time"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/ozzo-validation/v4/is"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/mailbox"
	"sponsorbridge/pb/internal/notify"
	"sponsorbridge/pb/internal/session"
	"sponsorbridge/pb/internal/signin"
)

// changeEmail starts adding an address to the member's account: it waits
// in pendingEmail (where it blocks nobody) and a code is mailed to it. The
// answer is the same whether or not the address is another member's. An
// address equal to the member's proven one cancels a pending change.
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
		if member.GetString("pendingEmail") == "" {
			return answerOwn(e, member)
		}
		return savePending(e, "")
	}
	if _, err := signin.SendCode(e.App, form.Email, signin.ConfirmationMail); err != nil {
		e.App.Logger().Error("E-mail confirmation code failed", "error", err)
		if errors.As(err, new(*mailbox.NotSent)) {
			return mailbox.CodeNotSent(e, err)
		}
		return e.InternalServerError("We could not send the code. Please try again later.", nil)
	}
	return savePending(e, form.Email)
}

func savePending(e *core.RequestEvent, address string) error {
	member, err := changeMember(e, func(m *core.Record) error {
		m.Set("pendingEmail", address)
		return nil
	})
	if err != nil {
		if isHTTPError(err) {
			return err
		}
		return e.InternalServerError("", err)
	}
	return answerOwn(e, member)
}

// confirmEmail proves the pending address with its code and makes it the
// member's, and tells the previous address, if proven, of the change.
// Having proven it, the member may learn that another account proved it
// first.
func confirmEmail(e *core.RequestEvent) error {
	form := &confirmForm{}
	if err := apierr.Bind(e, form, form.validate); err != nil {
		return err
	}
	member, err := freshMember(e)
	if err != nil {
		return err
	}
	pending := member.GetString("pendingEmail")
	if pending == "" {
		return e.BadRequestError("There is no e-mail address waiting for a code. Enter the address first.", nil)
	}
	if err := signin.ProveAddress(e, pending, form.Code); err != nil {
		var ce *signin.CodeError
		if errors.As(err, &ce) {
			return ce.Answer(e)
		}
		return e.InternalServerError("", err)
	}
	var taken, oldProven bool
	var oldAddress string
	err = e.App.RunInTransaction(func(tx core.App) error {
		m, err := tx.FindRecordById("users", member.Id)
		if err != nil {
			return errGone // the account was deleted meanwhile
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
	case errors.Is(err, errGone):
		return e.UnauthorizedError("You are not signed in.", nil)
	case err != nil:
		return e.InternalServerError("Could not save the e-mail address.", err)
	case taken:
		return e.Error(http.StatusConflict, "This e-mail address already belongs to another SponsorBridge account. Sign in to that account, or remove the address there first.",
			validation.Errors{"email": apierr.Field("validation_email_taken", "This e-mail address already belongs to another account")})
	}
	notify.EmailChanged(e.App, member, oldAddress, oldProven, time.Now())
	// PocketBase ends every session of a member whose address changes:
	// this one continues with a fresh session, as after a password change.
	if err := session.Start(e, member); err != nil {
		return err
	}
	return answerOwn(e, member)
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

type confirmForm struct {
	Code string `json:"code"`
}

func (f *confirmForm) validate() error {
	f.Code = strings.TrimSpace(f.Code)
	switch {
	case f.Code == "":
		return validation.Errors{"code": apierr.Field("validation_required", "Enter the code from the e-mail")}
	case len(f.Code) > 16:
		return validation.Errors{"code": apierr.Field("validation_code_wrong", "That code is not right. Check the e-mail and try again.")}
	}
	return nil
}

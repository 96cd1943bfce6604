package settings

import (
	"strings"
	"time"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/limits"
	"sponsorbridge/pb/internal/notify"
	"sponsorbridge/pb/internal/refusal"
	"sponsorbridge/pb/internal/signin"
)

// ConfirmRequest is POST /api/user/email/confirm's body: the code mailed
// to the pending address.
type ConfirmRequest struct {
	Code string `json:"code"`
}

// ConfirmEmail proves memberID's pending address with its code (within the
// client's and the address's budgets of wrong codes) and makes it the
// member's, and tells the previous address, if proven, of the change.
// Having proven it, the member may learn that another account proved it
// first.
func ConfirmEmail(app core.App, client limits.Client, memberID string, in ConfirmRequest) (*core.Record, error) {
	if err := in.validate(); err != nil {
		return nil, refusal.Fields(err)
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

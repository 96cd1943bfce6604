package signin

import (
	"errors"
	"strings"
	"time"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/accounts"
	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/limits"
	"sponsorbridge/pb/internal/notify"
	"sponsorbridge/pb/internal/refusal"
	"sponsorbridge/pb/internal/session"
)

// What a reset code that sets no password says. One message for every
// cause (wrong, expired, used, never sent): naming the cause would tell
// whether the login has an account with a code on its way.
const (
	msgResetCodeWrong = "That code is not right, or it is no longer valid. Check the newest e-mail, or ask for a new code."
	msgResetTooMany   = "Too many wrong codes were typed for this username or e-mail address."
)

var (
	resetCodeWrong = &CodeError{Kind: refusal.Invalid, Message: msgResetCodeWrong, Code: "validation_code_wrong"}
	errResetGone   = errors.New("signin: the account no longer holds the address")
)

// ResetConfirmRequest is POST /api/auth/password-reset/confirm's body.
type ResetConfirmRequest struct {
	Login    string `json:"login"`
	Code     string `json:"code"`
	Password string `json:"password"`
}

// ResetDone is the answer to a reset: the account's username, which the
// member signs in with (one who reset by address may not remember it).
type ResetDone struct {
	Username string `json:"username"`
}

// ConfirmPasswordReset sets a new password with the reset code mailed to
// the account's proven address. The code works once (two requests racing
// with it: one sets its password, the other is refused) and expires; wrong
// codes typed with the address count against the address's budget, shared
// with its sign-in codes; typed with a username, against the username's.
// Every session of the account ends (a new password gives PocketBase's
// token key a new value) and its open pages are told why at once, nobody
// is signed in, the proven address is told,
// and the failed sign-ins that the forgotten password earned are forgotten.
func ConfirmPasswordReset(app core.App, client limits.Client, in ResetConfirmRequest) (ResetDone, error) {
	if err := in.validate(); err != nil {
		return ResetDone{}, refusal.Fields(err)
	}
	target, err := resetTargetOf(app, in.Login)
	if err != nil {
		return ResetDone{}, err
	}
	proofID, otpID, err := checkAddressCode(app, client, target.key, ResetPurpose, target.wrongCodes, in.Code)
	if err != nil {
		return ResetDone{}, resetRefused(err)
	}
	if target.member == nil { // no code of such a key was ever mailed
		return ResetDone{}, resetCodeWrong.refusal()
	}
	member, err := resetPassword(app, target, proofID, otpID, in.Password)
	switch {
	case errors.Is(err, errCodeUsed), errors.Is(err, errResetGone):
		return ResetDone{}, resetCodeWrong.refusal()
	case err != nil:
		return ResetDone{}, err
	}
	limits.ForgetSignInFailures(app, member.GetString("username"))
	session.TellEnded(app, member.Id, session.EndedPasswordReset, "")
	notify.PasswordChanged(app, member, time.Now())
	return ResetDone{Username: member.GetString("username")}, nil
}

// resetPassword spends the code and sets the password in one transaction,
// on the account as it is now: it must still hold the address.
func resetPassword(app core.App, target resetTarget, proofID, otpID, password string) (*core.Record, error) {
	var member *core.Record
	err := app.RunInTransaction(func(tx core.App) error {
		m, err := tx.FindRecordById("users", target.member.Id)
		if err != nil || !target.owns(m) {
			return errResetGone
		}
		if err := spendCode(tx, proofID, otpID, ResetPurpose); err != nil {
			return err
		}
		m.SetPassword(password)
		if err := tx.Save(m); err != nil {
			return err
		}
		member = m
		return nil
	})
	return member, err
}

// resetRefused is the refusal of a code that did not pass: the budget's
// 429, else the one message for every other cause.
func resetRefused(err error) error {
	var ce *CodeError
	switch {
	case !errors.As(err, &ce):
		return err
	case ce.Kind == refusal.TooMany && ce.perClient:
		return ce.refusal()
	case ce.Kind == refusal.TooMany:
		tooMany := *ce
		tooMany.Message = limits.WithWait(msgResetTooMany, ce.Wait)
		return tooMany.refusal()
	}
	return resetCodeWrong.refusal()
}

// ----------------------------------------------------------------

func (f *ResetConfirmRequest) validate() error {
	f.Login = strings.TrimSpace(f.Login)
	f.Code = strings.TrimSpace(f.Code)
	errs := validation.Errors{}
	if err := checkLogin(&f.Login); err != nil {
		errs["login"] = err
	}
	switch {
	case f.Code == "":
		errs["code"] = apierr.Field("validation_required", "Enter the code from the e-mail")
	case len(f.Code) > 16:
		errs["code"] = apierr.Field("validation_code_wrong", msgResetCodeWrong)
	}
	if err := accounts.CheckPassword(f.Password); err != nil {
		errs["password"] = err
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}

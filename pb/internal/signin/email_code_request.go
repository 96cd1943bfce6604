package signin

import (
	"errors"
	"fmt"
	"net/mail"
	"strings"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/ozzo-validation/v4/is"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/accounts"
	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/mailbox"
	"sponsorbridge/pb/internal/refusal"
	"sponsorbridge/pb/internal/when"
)

// CodeRequest is POST /api/auth/email-code/request's body.
type CodeRequest struct {
	Email       string `json:"email"`
	DisplayName string `json:"displayName"`
}

// CodeSent answers a code request, the same for every address.
type CodeSent struct {
	OTPID     string `json:"otpId"`
	Email     string `json:"email"`
	ExpiresAt string `json:"expiresAt"`
}

// msgCodeFailed: a code could not be made or mailed for a reason of ours.
const msgCodeFailed = "We could not send the code. Please try again later."

// errCodeFailed marks a code that did not leave for a reason of ours (not
// the mail server's answer, a *mailbox.NotSent): AnswerCodeFailure.
var errCodeFailed = errors.New("signin: the code could not be sent")

// RequestEmailCode sends a one-time sign-in code to an address (the
// 'Google Sign-in Fallback' box). Every address takes the same path, known
// to the members or not, so the answer tells nobody which addresses have
// accounts; the account itself is created only when the code comes back.
// While the address has a valid code, the answer is that code (mailed
// again at most once), so a stranger asking for the address's code never
// replaces the one its owner is about to type. A code that did not leave
// is a *mailbox.NotSent or errCodeFailed (AnswerCodeFailure).
func RequestEmailCode(app core.App, in CodeRequest) (CodeSent, error) {
	if err := in.validate(); err != nil {
		msg := refusal.CheckFields
		if in.Email == "" || in.DisplayName == "" {
			msg = "Please provide both email and display name"
		}
		return CodeSent{}, refusal.Invalidf(msg, err)
	}
	sent, err := SendCode(app, in.Email, SignInMail)
	if err != nil {
		return CodeSent{}, CodeFailure(app, "Sign-in code", err)
	}
	return CodeSent{OTPID: sent.OTPID, Email: in.Email, ExpiresAt: when.API(sent.Expires)}, nil
}

// CodeFailure is the error of an action whose code (of what: "Sign-in
// code") did not leave: err logged, and marked as ours unless it is the
// mail server's (AnswerCodeFailure answers either).
func CodeFailure(app core.App, what string, err error) error {
	if errors.As(err, new(*mailbox.NotSent)) {
		app.Logger().Error(what+" not sent", "error", err)
		return err
	}
	app.Logger().Error(what+" failed", "error", err)
	return fmt.Errorf("%w: %w", errCodeFailed, err)
}

func (f *CodeRequest) validate() error {
	f.Email = strings.ToLower(strings.TrimSpace(f.Email))
	f.DisplayName = strings.TrimSpace(f.DisplayName)
	errs := validation.Errors{}
	switch {
	case f.Email == "":
		errs["email"] = apierr.Field("validation_required", "Email is required")
	case len(f.Email) > 254 || is.EmailFormat.Validate(f.Email) != nil || !plainAddress(f.Email):
		errs["email"] = apierr.Field("validation_invalid_email", "Enter a valid e-mail address")
	}
	if err := accounts.CheckDisplayName(f.DisplayName); err != nil {
		errs["displayName"] = err
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}

// plainAddress accepts a bare address only (no "Name <a@b>" forms).
func plainAddress(s string) bool {
	a, err := mail.ParseAddress(s)
	return err == nil && a.Address == s && a.Name == ""
}

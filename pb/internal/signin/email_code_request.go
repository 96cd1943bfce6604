package signin

import (
	"errors"
	"net/http"
	"net/mail"
	"strings"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/ozzo-validation/v4/is"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/accounts"
	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/mailbox"
	"sponsorbridge/pb/internal/when"
)

// CodeSent answers a code request, the same for every address.
type CodeSent struct {
	OTPID     string `json:"otpId"`
	Email     string `json:"email"`
	ExpiresAt string `json:"expiresAt"`
}

// emailCodeRequest sends a one-time sign-in code to an address (the
// 'Google Sign-in Fallback' box). Every address takes the same path, known
// to the members or not, so the answer tells nobody which addresses have
// accounts; the account itself is created only when the code comes back.
// While the address has a valid code, the answer is that code (mailed
// again at most once), so a stranger asking for the address's code never
// replaces the one its owner is about to type.
func (h *handlers) emailCodeRequest(e *core.RequestEvent) error {
	form := &codeRequestForm{}
	if err := apierr.ReadBody(e, form); err != nil {
		return err
	}
	if err := form.validate(); err != nil {
		msg := "Please check the highlighted fields."
		if form.Email == "" || form.DisplayName == "" {
			msg = "Please provide both email and display name"
		}
		return e.BadRequestError(msg, err)
	}

	sent, err := SendCode(e.App, form.Email, SignInMail)
	if errors.As(err, new(*mailbox.NotSent)) {
		e.App.Logger().Error("Sign-in code not sent", "error", err)
		return mailbox.CodeNotSent(e, err)
	}
	if err != nil {
		e.App.Logger().Error("Sign-in code failed", "error", err)
		return e.InternalServerError("We could not send the code. Please try again later.", nil)
	}
	e.Response.Header().Set("Cache-Control", "no-store")
	return e.JSON(http.StatusOK, CodeSent{OTPID: sent.OTPID, Email: form.Email, ExpiresAt: when.API(sent.Expires)})
}

// ----------------------------------------------------------------

type codeRequestForm struct {
	Email       string `json:"email"`
	DisplayName string `json:"displayName"`
}

func (f *codeRequestForm) validate() error {
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

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
	"sponsorbridge/pb/internal/when"
)

type codeSent struct {
	OTPID     string `json:"otpId"`
	Email     string `json:"email"`
	ExpiresAt string `json:"expiresAt"`
}

// emailCodeRequest sends a one-time sign-in code to an address (the
// 'Google Sign-in Fallback' box). Every address takes the same path, known
// to the members or not, so the answer tells nobody which addresses have
// accounts; the account itself is created only when the code comes back.
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

	issued, err := issueCode(e.App, form.Email)
	if errors.Is(err, errAddressLimited) {
		return e.TooManyRequestsError("Too many codes were requested for this e-mail address. Please wait a few minutes and try again.", nil)
	}
	if err != nil {
		return e.InternalServerError("We could not send the code. Please try again later.", err)
	}
	if err := sendCode(e.App, form.Email, issued); err != nil {
		e.App.Logger().Error("Sign-in code mail failed", "error", err)
		_ = e.App.Delete(issued.otp)
		return e.InternalServerError("We could not send the code. Please try again later.", nil)
	}
	e.Response.Header().Set("Cache-Control", "no-store")
	return e.JSON(http.StatusOK, codeSent{OTPID: issued.otp.Id, Email: form.Email,
		ExpiresAt: when.API(issued.expires)})
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

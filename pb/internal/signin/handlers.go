package signin

import (
	"errors"
	"net/http"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/accounts"
	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/limits"
	"sponsorbridge/pb/internal/mailbox"
	"sponsorbridge/pb/internal/session"
)

// The routes' handlers: each decodes its body, calls its action and
// answers. The session cookie and the known-device cookie are theirs.

// emailCodeRequest is POST /api/auth/email-code/request (RequestEmailCode).
func (h *handlers) emailCodeRequest(e *core.RequestEvent) error {
	in := CodeRequest{}
	if err := apierr.ReadBody(e, &in); err != nil {
		return err
	}
	sent, err := RequestEmailCode(e.App, in)
	if err != nil {
		return AnswerCodeFailure(e, err)
	}
	e.Response.Header().Set("Cache-Control", "no-store")
	return e.JSON(http.StatusOK, sent)
}

// emailCodeVerify is POST /api/auth/email-code/verify (VerifyEmailCode):
// the member it signs in gets the session, and a new browser the address's
// known-device cookie.
func (h *handlers) emailCodeVerify(e *core.RequestEvent) error {
	in := CodeVerifyRequest{}
	if err := apierr.ReadBody(e, &in); err != nil {
		return err
	}
	s, err := VerifyEmailCode(e.App, limits.ClientOf(e), in)
	if err != nil {
		return apierr.Or500(e, err)
	}
	if err := session.Start(e, s.Member); err != nil {
		return err
	}
	if s.NewDevice != "" {
		limits.AddressDevices.Remember(e, s.NewDevice)
	}
	own, err := accounts.ToOwn(e.App, s.Member)
	if err != nil {
		return e.InternalServerError("", err)
	}
	e.Response.Header().Set("Cache-Control", "no-store")
	if s.IsNew {
		return e.JSON(http.StatusCreated, own)
	}
	return e.JSON(http.StatusOK, own)
}

// passwordResetRequest is POST /api/auth/password-reset/request
// (RequestPasswordReset).
func (h *handlers) passwordResetRequest(e *core.RequestEvent) error {
	in := ResetRequest{}
	if err := apierr.ReadBody(e, &in); err != nil {
		return err
	}
	answer, err := RequestPasswordReset(e.App, in)
	if err != nil {
		return AnswerCodeFailure(e, err)
	}
	e.Response.Header().Set("Cache-Control", "no-store")
	return e.JSON(http.StatusOK, answer)
}

// passwordResetConfirm is POST /api/auth/password-reset/confirm
// (ConfirmPasswordReset).
func (h *handlers) passwordResetConfirm(e *core.RequestEvent) error {
	in := ResetConfirmRequest{}
	if err := apierr.ReadBody(e, &in); err != nil {
		return err
	}
	done, err := ConfirmPasswordReset(e.App, limits.ClientOf(e), in)
	if err != nil {
		return apierr.Failed(e, err, "Could not change the password.")
	}
	e.Response.Header().Set("Cache-Control", "no-store")
	return e.JSON(http.StatusOK, done)
}

// AnswerCodeFailure answers an action's error about a code that did not
// leave: the mail server's refusal or silence (mailbox.CodeNotSent), a
// failure of ours (500 with the member's words); any other error as
// apierr.Or500 does.
func AnswerCodeFailure(e *core.RequestEvent, err error) error {
	switch {
	case errors.As(err, new(*mailbox.NotSent)):
		return mailbox.CodeNotSent(e, err)
	case errors.Is(err, errCodeFailed):
		return e.InternalServerError(msgCodeFailed, nil)
	}
	return apierr.Or500(e, err)
}

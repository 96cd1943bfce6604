package signin

import (
	"fmt"
	"strings"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/ozzo-validation/v4/is"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/accounts"
	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/queue"
	"sponsorbridge/pb/internal/refusal"
)

// ResetRequested is the answer to a reset request, the same for every login.
type ResetRequested struct {
	// ExpiresInMinutes is how long a reset code works (the setting, not
	// the time left of a code, which would tell that one exists).
	ExpiresInMinutes int `json:"expiresInMinutes"`
}

// ResetRequest is POST /api/auth/password-reset/request's body: a
// username or an e-mail address.
type ResetRequest struct {
	Login string `json:"login"`
}

// RequestPasswordReset mails a code to the proven address of the account
// that a username or an e-mail address names, to choose a new password
// with ("Forgot password?"). The answer is the same whether or not such an
// account exists, and so is the work before it: every login has a code
// issued on its key (resetTargetOf); only a member's proven address is
// mailed, after the answer, so the time taken tells nothing either. The
// address has one valid reset code at a time, mailed at most twice.
func RequestPasswordReset(app core.App, in ResetRequest) (ResetRequested, error) {
	if err := in.validate(); err != nil {
		return ResetRequested{}, refusal.Fields(err)
	}
	target, err := resetTargetOf(app, in.Login)
	if err != nil {
		return ResetRequested{}, err
	}
	issued, err := issueCode(app, target.key, ResetPurpose)
	if err != nil {
		return ResetRequested{}, CodeFailure(app, "Password reset code", err)
	}
	if target.member != nil && issued.mail {
		mailResetCode(app, target, issued)
	}
	proofs, err := app.FindCachedCollectionByNameOrId(proofsCollection)
	if err != nil {
		return ResetRequested{}, err
	}
	return ResetRequested{ExpiresInMinutes: int(codeTTL(proofs).Minutes())}, nil
}

// mailResetCode mails the code on the background queue's mail lane. A
// first mail that fails, or that the queue refuses, withdraws its code, so
// the next request makes and mails a new one (a code is never left to the
// outbox: one that arrives late is worse than none).
func mailResetCode(app core.App, target resetTarget, issued issuedCode) {
	username := target.member.GetString("username")
	withdraw := func() {
		if issued.fresh {
			_ = app.Delete(issued.otp)
		}
	}
	err := queue.Of(app).Go(queue.Mail, func() error {
		if err := mailCode(app, target.key, resetMail(username), issued); err != nil {
			withdraw()
			return fmt.Errorf("password reset mail to %s: %w", target.member.Id, err)
		}
		return nil
	})
	if err != nil {
		withdraw()
	}
}

// ----------------------------------------------------------------

func (f *ResetRequest) validate() error {
	f.Login = strings.TrimSpace(f.Login)
	if err := checkLogin(&f.Login); err != nil {
		return validation.Errors{"login": err}
	}
	return nil
}

// checkLogin checks (and normalises) a username or an e-mail address. A
// login no account could have is refused, which tells nothing about any.
func checkLogin(login *string) error {
	switch l := *login; {
	case l == "":
		return apierr.Field("validation_required", "Enter your username or e-mail address")
	case strings.Contains(l, "@"):
		*login = strings.ToLower(l)
		if len(l) > 254 || is.EmailFormat.Validate(*login) != nil || !plainAddress(*login) {
			return apierr.Field("validation_invalid_email", "Enter a valid e-mail address")
		}
	case len(l) > accounts.MaxUsername || !accounts.UsernamePattern.MatchString(l):
		return apierr.Field("validation_invalid_login", "Enter your username or e-mail address")
	}
	return nil
}

package accounts

import (
	"net/http"
	"net/mail"
	"regexp"
	"strings"
	"unicode/utf8"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/ozzo-validation/v4/is"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/mailbox"
	"sponsorbridge/pb/internal/session"
)

// MailAddressCode mails a code that proves address, for the member to type
// where Settings takes it (POST /api/user/email/confirm). The code lives
// in signin, which builds on this package, so app.go hands it over.
type MailAddressCode func(app core.App, address string) error

// msgNoMailAtRegistration: an address given while mail cannot be sent.
const msgNoMailAtRegistration = "E-mail is not set up on this server yet, so we cannot confirm an address. " +
	"Leave the e-mail address empty to register now; you can add it later in Settings."

// register creates a member from a display name, username and password and
// starts their session. Every privileged field keeps its default: the body
// can only name the four fields below. An optional e-mail address waits in
// pendingEmail, as in Settings, and is mailed a code: it becomes the
// member's once the code comes back (whoever's it is, the answer is the
// same). When that mail fails the account is still made, without the
// address, which the member can add later.
func register(mailCode MailAddressCode) func(e *core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		form := &registerForm{}
		if err := apierr.Bind(e, form, form.validate); err != nil {
			return err
		}
		if form.Email != "" && !mailbox.CanSend(e.App) {
			return e.Error(http.StatusServiceUnavailable, msgNoMailAtRegistration, nil)
		}
		member, err := createMember(e, form)
		if err != nil {
			return err
		}
		if form.Email != "" {
			if err := mailCode(e.App, form.Email); err != nil {
				e.App.Logger().Error("Registration: the address's code failed", "user", member.Id, "error", err)
				member.Set("pendingEmail", "")
				if err := e.App.Save(member); err != nil {
					return e.InternalServerError("", err)
				}
			}
		}

		if err := session.Start(e, member); err != nil {
			return err
		}
		own, err := ToOwn(e.App, member)
		if err != nil {
			return e.InternalServerError("", err)
		}
		return e.JSON(http.StatusCreated, own)
	}
}

func createMember(e *core.RequestEvent, form *registerForm) (*core.Record, error) {
	if _, err := FindByUsername(e.App, form.Username); err == nil {
		return nil, usernameTaken(e)
	}

	users, err := e.App.FindCachedCollectionByNameOrId("users")
	if err != nil {
		return nil, e.InternalServerError("", err)
	}
	member := core.NewRecord(users)
	member.Set("username", form.Username)
	member.Set("displayName", form.DisplayName)
	member.Set("pendingEmail", form.Email)
	member.SetPassword(form.Password)
	if err := e.App.Save(member); err != nil {
		// a concurrent sign-up may have taken the name between the check and the insert
		if _, findErr := FindByUsername(e.App, form.Username); findErr == nil {
			return nil, usernameTaken(e)
		}
		return nil, e.BadRequestError("Could not create the account.", err)
	}
	return member, nil
}

func usernameTaken(e *core.RequestEvent) error {
	return e.BadRequestError("Please check the highlighted fields.", validation.Errors{
		"username": apierr.Field("validation_username_taken", "Username is already taken"),
	})
}

// ----------------------------------------------------------------

// UsernamePattern is what a username may contain.
var UsernamePattern = regexp.MustCompile(`^[A-Za-z0-9._-]+$`)

type registerForm struct {
	DisplayName string `json:"displayName"`
	Username    string `json:"username"`
	Password    string `json:"password"`
	Email       string `json:"email"` // optional
}

func (f *registerForm) validate() error {
	f.DisplayName = strings.TrimSpace(f.DisplayName)
	f.Username = strings.TrimSpace(f.Username)
	f.Email = strings.ToLower(strings.TrimSpace(f.Email))
	errs := validation.Errors{}

	if err := CheckDisplayName(f.DisplayName); err != nil {
		errs["displayName"] = err
	}

	switch {
	case utf8.RuneCountInString(f.Username) < 3:
		errs["username"] = apierr.Field("validation_too_short", "Username must be at least 3 characters")
	case len(f.Username) > MaxUsername:
		errs["username"] = usernameTooLong
	case !UsernamePattern.MatchString(f.Username):
		errs["username"] = apierr.Field("validation_invalid_username", "Username may only contain letters, numbers, dots, dashes and underscores")
	}

	if err := CheckPassword(f.Password); err != nil {
		errs["password"] = err
	}

	if f.Email != "" && !validAddress(f.Email) {
		errs["email"] = apierr.Field("validation_invalid_email", "Enter a valid e-mail address")
	}

	if len(errs) > 0 {
		return errs
	}
	return nil
}

// validAddress accepts a bare address (no "Name <a@b>" forms) of at most
// 254 characters.
func validAddress(s string) bool {
	if len(s) > 254 || is.EmailFormat.Validate(s) != nil {
		return false
	}
	a, err := mail.ParseAddress(s)
	return err == nil && a.Address == s && a.Name == ""
}

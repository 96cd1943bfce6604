package accounts

import (
	"net/mail"
	"regexp"
	"strings"
	"unicode/utf8"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/ozzo-validation/v4/is"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/mailbox"
	"sponsorbridge/pb/internal/refusal"
)

// MailAddressCode mails a code that proves address, for the member to type
// where Settings takes it (POST /api/user/email/confirm). The code lives
// in signin, which builds on this package, so app.go hands it over.
type MailAddressCode func(app core.App, address string) error

// msgNoMailAtRegistration: an address given while mail cannot be sent.
const msgNoMailAtRegistration = "E-mail is not set up on this server yet, so we cannot confirm an address. " +
	"Leave the e-mail address empty to register now; you can add it later in Settings."

// RegisterRequest is POST /api/register's body.
type RegisterRequest struct {
	DisplayName string `json:"displayName"`
	Username    string `json:"username"`
	Password    string `json:"password"`
	Email       string `json:"email,omitzero"` // optional
}

// Register creates a member from a display name, username and password.
// Every privileged field keeps its default: the body can only name the
// four fields of RegisterRequest. An optional e-mail address waits in
// pendingEmail, as in Settings, and is mailed a code (mailCode): it becomes
// the member's once the code comes back (whoever's it is, the answer is
// the same). When that mail fails the account is still made, without the
// address, which the member can add later.
func Register(app core.App, in RegisterRequest, mailCode MailAddressCode) (*core.Record, error) {
	if err := in.validate(); err != nil {
		return nil, refusal.Fields(err)
	}
	if in.Email != "" && !mailbox.CanSend(app) {
		return nil, refusal.New(refusal.Unavailable, msgNoMailAtRegistration)
	}
	member, err := createMember(app, in)
	if err != nil {
		return nil, err
	}
	if in.Email != "" {
		if err := mailCode(app, in.Email); err != nil {
			app.Logger().Error("Registration: the address's code failed", "user", member.Id, "error", err)
			member.Set("pendingEmail", "")
			if err := app.Save(member); err != nil {
				return nil, err
			}
		}
	}
	return member, nil
}

func createMember(app core.App, in RegisterRequest) (*core.Record, error) {
	if _, err := FindByUsername(app, in.Username); err == nil {
		return nil, usernameTaken()
	}
	users, err := app.FindCachedCollectionByNameOrId("users")
	if err != nil {
		return nil, err
	}
	member := core.NewRecord(users)
	member.Set("username", in.Username)
	member.Set("displayName", in.DisplayName)
	member.Set("pendingEmail", in.Email)
	member.SetPassword(in.Password)
	if err := app.Save(member); err != nil {
		// a concurrent sign-up may have taken the name between the check and the insert
		if _, findErr := FindByUsername(app, in.Username); findErr == nil {
			return nil, usernameTaken()
		}
		return nil, refusal.Invalidf("Could not create the account.", err)
	}
	return member, nil
}

func usernameTaken() error {
	return refusal.Fields(validation.Errors{
		"username": apierr.Field("validation_username_taken", "Username is already taken"),
	})
}

// ----------------------------------------------------------------

// UsernamePattern is what a username may contain.
var UsernamePattern = regexp.MustCompile(`^[A-Za-z0-9._-]+$`)

func (f *RegisterRequest) validate() error {
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

package accounts

import (
	"net/http"
	"regexp"
	"strings"
	"unicode/utf8"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/session"
)

// register creates a member from a display name, username and password and
// starts their session. Every privileged field keeps its default: the body
// can only name the three fields below.
func register(e *core.RequestEvent) error {
	form := &registerForm{}
	if err := apierr.Bind(e, form, form.validate); err != nil {
		return err
	}
	if _, err := FindByUsername(e.App, form.Username); err == nil {
		return usernameTaken(e)
	}

	users, err := e.App.FindCachedCollectionByNameOrId("users")
	if err != nil {
		return e.InternalServerError("", err)
	}
	member := core.NewRecord(users)
	member.Set("username", form.Username)
	member.Set("displayName", form.DisplayName)
	member.SetPassword(form.Password)
	if err := e.App.Save(member); err != nil {
		// a concurrent sign-up may have taken the name between the check and the insert
		if _, findErr := FindByUsername(e.App, form.Username); findErr == nil {
			return usernameTaken(e)
		}
		return e.BadRequestError("Could not create the account.", err)
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
}

func (f *registerForm) validate() error {
	f.DisplayName = strings.TrimSpace(f.DisplayName)
	f.Username = strings.TrimSpace(f.Username)
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

	if len(errs) > 0 {
		return errs
	}
	return nil
}

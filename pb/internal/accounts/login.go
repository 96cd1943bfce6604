package accounts

import (
	"errors"
	"net/http"
	"strings"
	"sync"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
	"golang.org/x/crypto/bcrypt"

	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/limits"
	"sponsorbridge/pb/internal/session"
)

// login checks a username and password and starts a cookie session.
func login(e *core.RequestEvent) error {
	form := &loginForm{}
	if err := apierr.Bind(e, form, form.validate); err != nil {
		return err
	}

	member, err := FindByUsername(e.App, form.Username)
	memberID := ""
	if err == nil {
		memberID = member.Id
	}
	gate := limits.SignIn(e, form.Username, memberID)
	if err := gate.Begin(); err != nil {
		return err
	}
	if err != nil || !member.ValidatePassword(form.Password) {
		if err != nil {
			burnPasswordCheck(e.App, form.Password) // same cost whether or not the name exists
		}
		return e.UnauthorizedError("Invalid username or password.", nil)
	}

	if err := session.Start(e, member); err != nil {
		return err
	}
	gate.Succeeded(member.Id)
	own, err := ToOwn(e.App, member)
	if err != nil {
		return e.InternalServerError("", err)
	}
	return e.JSON(http.StatusOK, own)
}

// FindByUsername finds a member by username, ignoring letter case.
func FindByUsername(app core.App, username string) (*core.Record, error) {
	username = strings.TrimSpace(username)
	if username == "" {
		return nil, errors.New("accounts: empty username")
	}
	member := &core.Record{}
	err := app.RecordQuery("users").
		AndWhere(dbx.NewExp("[[username]] = {:u} COLLATE NOCASE", dbx.Params{"u": username})).
		Limit(1).One(member)
	if err != nil {
		return nil, err
	}
	return member, nil
}

// decoys are real bcrypt hashes of a value no member has, one per cost:
// checking a password against the one at the members' cost costs what
// checking a real member's password costs. WarmUp makes it at start,
// not the first unknown name; made at package start instead, every process
// importing the package (each test binary, each server a test starts) paid
// a hash at bcrypt's default cost, and test members' passwords have the
// minimum cost (pb/internal/testutil).
var decoys sync.Map // bcrypt cost -> []byte

func decoyHash(cost int) []byte {
	if h, ok := decoys.Load(cost); ok {
		return h.([]byte)
	}
	h, _ := bcrypt.GenerateFromPassword([]byte("decoy-password-never-used"), cost)
	stored, _ := decoys.LoadOrStore(cost, h)
	return stored.([]byte)
}

// passwordCost is the bcrypt cost of members' passwords: the users
// collection's password field, PocketBase's default when it sets none.
func passwordCost(app core.App) int {
	if users, err := app.FindCachedCollectionByNameOrId("users"); err == nil {
		if pf, ok := users.Fields.GetByName("password").(*core.PasswordField); ok && pf.Cost > 0 {
			return pf.Cost
		}
	}
	return bcrypt.DefaultCost
}

func burnPasswordCheck(app core.App, password string) {
	_ = bcrypt.CompareHashAndPassword(decoyHash(passwordCost(app)), []byte(password))
}

var usernameTooLong = apierr.Field("validation_too_long", "Username must be at most 32 characters")

// ----------------------------------------------------------------

type loginForm struct {
	Username string `json:"username"`
	Password string `json:"password"`
}

func (f *loginForm) validate() error {
	f.Username = strings.TrimSpace(f.Username)
	errs := validation.Errors{}
	switch {
	case f.Username == "":
		errs["username"] = apierr.Field("validation_required", "Username is required")
	case len(f.Username) > MaxUsername:
		// no such account can exist; refused before the sign-in lock keeps a copy
		errs["username"] = usernameTooLong
	}
	if f.Password == "" {
		errs["password"] = apierr.Field("validation_required", "Password is required")
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}

package accounts

import (
	"errors"
	"strings"
	"sync"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
	"golang.org/x/crypto/bcrypt"

	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/refusal"
)

// LoginRequest is POST /api/login's body.
type LoginRequest struct {
	Username string `json:"username"`
	Password string `json:"password"`
}

// msgBadLogin answers a wrong password and an unknown name alike.
const msgBadLogin = "Invalid username or password."

// Login checks a username and password and answers the member. begin
// opens the sign-in lock for the attempt (limits.SignIn: the account's,
// or a known browser's) and answers its refusal while it is locked; then
// the password is not even compared. An unknown name costs what a real
// member's password check costs, so the time taken tells nothing.
func Login(app core.App, in LoginRequest, begin func(username, memberID string) error) (*core.Record, error) {
	if err := in.validate(); err != nil {
		return nil, refusal.Fields(err)
	}
	member, err := FindByUsername(app, in.Username)
	memberID := ""
	if err == nil {
		memberID = member.Id
	}
	if err := begin(in.Username, memberID); err != nil {
		return nil, err
	}
	if err != nil || !member.ValidatePassword(in.Password) {
		if err != nil {
			burnPasswordCheck(app, in.Password) // same cost whether or not the name exists
		}
		return nil, refusal.New(refusal.NotSignedIn, msgBadLogin)
	}
	return member, nil
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

// DecoyHash is the hash an unknown name's sign-in checks the password against:
// a hash of the members' password cost, so it takes as long as a member's.
func DecoyHash(app core.App) []byte { return decoyHash(passwordCost(app)) }

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
	_ = bcrypt.CompareHashAndPassword(DecoyHash(app), []byte(password))
}

var usernameTooLong = apierr.Field("validation_too_long", "Username must be at most 32 characters")

// ----------------------------------------------------------------

func (f *LoginRequest) validate() error {
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

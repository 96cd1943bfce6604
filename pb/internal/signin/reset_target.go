package signin

import (
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"strings"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/accounts"
)

// resetTarget is what a login (a username or an e-mail address) names for
// a password reset: the address whose reset code counts, and the account
// whose password that code resets.
type resetTarget struct {
	// key is the address the code is issued on: the account's proven
	// address, the typed address, or a stand-in for a username without one.
	key string
	// member is the account with key as its proven address; nil when none.
	member *core.Record
	// wrongCodes is the count the login's wrong codes go to: a username's
	// own, or the address's (shared with its sign-in codes).
	wrongCodes wrongCodes
}

// resetTargetOf resolves a login checked by its form. Every login gets a
// key, so a login without an account takes the same path as one with:
// a code issued on its key, wrong codes counted on its key (and so the
// same 429 after as many), and only the mail is left out. A username's
// wrong codes count apart from its address's, so neither count shows
// which address a username has.
func resetTargetOf(app core.App, login string) (resetTarget, error) {
	if strings.Contains(login, "@") {
		member, err := findByEmail(app, login)
		switch {
		case err == nil && member.Verified():
			return resetTarget{key: login, member: member, wrongCodes: addressWrongCodes}, nil
		case err == nil || errors.Is(err, sql.ErrNoRows): // an unproven address belongs to nobody
			return resetTarget{key: login, wrongCodes: addressWrongCodes}, nil
		default:
			return resetTarget{}, err
		}
	}
	member, err := accounts.FindByUsername(app, login)
	switch {
	case err == nil && member.Verified() && member.Email() != "":
		return resetTarget{key: strings.ToLower(member.Email()), member: member, wrongCodes: nameWrongCodes}, nil
	case err == nil || errors.Is(err, sql.ErrNoRows):
		return resetTarget{key: standInAddress(login), wrongCodes: nameWrongCodes}, nil
	default:
		return resetTarget{}, err
	}
}

// owns tells whether member (read again when the code is spent) still
// holds the target's address, proven: a code resets the password of the
// address's account only.
func (r resetTarget) owns(member *core.Record) bool {
	return member.Verified() && strings.EqualFold(member.Email(), r.key)
}

// standInAddress is the key of a username without a proven address (or
// without an account): an address under the reserved .invalid domain
// (RFC 2606), which no mail ever goes to and no member can prove. The
// name is hashed so the proofs table does not list the names tried.
func standInAddress(username string) string {
	sum := sha256.Sum256([]byte("sb-reset-name|" + strings.ToLower(username)))
	return "name-" + hex.EncodeToString(sum[:12]) + "@reset.invalid"
}

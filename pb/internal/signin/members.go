package signin

import (
	"database/sql"
	"errors"
	"net/url"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/auth"
	"github.com/pocketbase/pocketbase/tools/security"

	"sponsorbridge/pb/internal/accounts"
)

var (
	errNoSubject        = errors.New("signin: Google gave no account id")
	errNoEmail          = errors.New("signin: Google gave no e-mail address")
	errEmailNotVerified = errors.New("signin: Google has not verified the e-mail address")
)

func codeFor(err error) string {
	if errors.Is(err, errEmailNotVerified) {
		return codeEmailNotVerified
	}
	return codeMissingInfo
}

// googleIdentity is a Google account as proven by Google (code exchange or
// verified ID token): never what a browser claimed.
type googleIdentity struct {
	Subject string
	Email   string // verified by Google
	Name    string
	Picture string
}

// signInGoogle finds the member of a Google account, links the account
// that has proven the same address, or creates one. An account holding the
// address unproven is never taken over (and no longer holds it after).
func signInGoogle(app core.App, id googleIdentity) (member *core.Record, isNew bool, err error) {
	err = app.RunInTransaction(func(tx core.App) error {
		users, err := tx.FindCachedCollectionByNameOrId("users")
		if err != nil {
			return err
		}
		link, err := tx.FindFirstExternalAuthByExpr(dbx.HashExp{
			"collectionRef": users.Id, "provider": auth.NameGoogle, "providerId": id.Subject,
		})
		switch {
		case err == nil:
			member, err = tx.FindRecordById(users, link.RecordRef())
			return err
		case !errors.Is(err, sql.ErrNoRows):
			return err
		}

		member, err = FindByProvenEmail(tx, id.Email)
		switch {
		case err == nil:
			// same address confirmed on both sides: link, change nothing else
		case errors.Is(err, sql.ErrNoRows):
			member, err = createMember(tx, id.Email, displayNameOr(id.Name, id.Email), id.Picture, "google")
			if err != nil {
				return err
			}
			isNew = true
		default:
			return err
		}

		ext := core.NewExternalAuth(tx)
		ext.SetCollectionRef(users.Id)
		ext.SetRecordRef(member.Id)
		ext.SetProvider(auth.NameGoogle)
		ext.SetProviderId(id.Subject)
		return tx.Save(ext)
	})
	if err != nil {
		return nil, false, err
	}
	return member, isNew, nil
}

// findByEmail finds the member with this address, ignoring letter case.
func findByEmail(app core.App, email string) (*core.Record, error) {
	member := &core.Record{}
	err := app.RecordQuery("users").
		AndWhere(dbx.NewExp("[[email]] = {:e} COLLATE NOCASE", dbx.Params{"e": email})).
		Limit(1).One(member)
	if err != nil {
		return nil, err
	}
	return member, nil
}

// createMember saves a new member whose address has just been proven.
func createMember(app core.App, email, displayName, photoURL, providerID string) (*core.Record, error) {
	users, err := app.FindCachedCollectionByNameOrId("users")
	if err != nil {
		return nil, err
	}
	username, err := freeUsername(app, email)
	if err != nil {
		return nil, err
	}
	member := core.NewRecord(users)
	member.Set("username", username)
	member.Set("displayName", displayName)
	member.SetEmail(email)
	member.SetVerified(true)
	member.Set("providerId", providerID)
	if safePhotoURL(photoURL) {
		member.Set("photoURL", photoURL)
	}
	member.SetRandomPassword() // signs in by Google or code until the member sets one
	if err := app.Save(member); err != nil {
		return nil, err
	}
	return member, nil
}

var notUsernameChars = regexp.MustCompile(`[^a-z0-9._-]+`)

// freeUsername derives an unused username from the address's local part.
func freeUsername(app core.App, email string) (string, error) {
	local, _, _ := strings.Cut(strings.ToLower(email), "@")
	base := strings.Trim(notUsernameChars.ReplaceAllString(local, ""), "._-")
	if len(base) > 24 {
		base = base[:24]
	}
	if len(base) < 3 {
		base = "member" + base
	}
	candidate := base
	for range 8 {
		if _, err := accounts.FindByUsername(app, candidate); err != nil {
			if errors.Is(err, sql.ErrNoRows) {
				return candidate, nil
			}
			return "", err
		}
		candidate = base + "-" + security.RandomStringWithAlphabet(5, "0123456789")
	}
	return "", errors.New("signin: no free username found for " + base)
}

// displayNameOr is name trimmed to the field's 80 characters, or the part
// of the address before the @ (the spec's fallback).
func displayNameOr(name, email string) string {
	name = strings.TrimSpace(name)
	if name == "" {
		name, _, _ = strings.Cut(email, "@")
	}
	if utf8.RuneCountInString(name) > 80 {
		name = string([]rune(name)[:80])
	}
	return name
}

func safePhotoURL(raw string) bool {
	if raw == "" || len(raw) > 2000 {
		return false
	}
	u, err := url.Parse(raw)
	return err == nil && u.Scheme == "https" && u.Host != ""
}

package signin

import (
	"crypto/hmac"
	"crypto/sha256"
	"database/sql"
	"encoding/binary"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"
)

// proofsCollection holds one auth record per address proving itself (see
// the migrations); codes are PocketBase OTPs hanging off it.
const proofsCollection = "email_proofs"

// noPassword is the stored password of every proof: not a bcrypt hash,
// so no password matches it (the collection has no password sign-in
// either), and storing it costs no hashing.
const noPassword = "!no-password"

// The bounds of an address's codes (docs/security.md, "E-mail codes").
const (
	// CodeDigits is the length of every code mailed to an address: 8
	// digits, so that the guesses the limits let through (10 a day per
	// address and login, 50 a day per client over all addresses) find a
	// code a hundred times more rarely than with the 6 digits before. Not
	// the dashboard's OTP length of email_proofs: the web app's texts say
	// the number (web/src/lib/limits.gen.ts).
	CodeDigits = 8
	// An address has one valid code at a time; asking again while it is
	// valid mails that same code, codeMailsMax times in all, then answers
	// it without mail. So strangers cannot replace a member's code, and
	// mail to an address stays under codeMailsMax per code lifetime.
	codeMailsMax = 2
	// addressMaxWrong wrong codes per address per addressWrongWindow, over
	// all its codes, then no code is compared for that address until the
	// window ends (from a browser that proved the address before, the
	// count is that browser's).
	addressMaxWrong    = 10
	addressWrongWindow = 24 * time.Hour
)

// Purpose keeps an address's codes apart by what they may do: a code
// proves the address for its own purpose only, and each purpose has its
// own valid code and its own count of mails, while the wrong codes typed
// for the address are one count for all purposes.
type Purpose struct {
	name  string // marks the purpose's codes (OTP sentTo "<name>:<address>"); "" for the address's own
	mails string // the proofs' field counting the mails of the current code
	key   string // labels the code's derivation
}

var (
	// AddressPurpose is the address's own code: signing in with it, and
	// adding it to an account (settings, registration). They share one:
	// either way the holder of the code gets what the address's owner
	// could get with it anyway (the account that proved the address).
	AddressPurpose = Purpose{mails: "codeMails", key: "sb-address-code|"}
	// ResetPurpose resets the password of the account that proved the
	// address. Kept apart so that a code mailed to sign in or to confirm
	// an address never sets a password, and strangers asking for sign-in
	// codes do not use up the reset's mails (and the other way round).
	ResetPurpose = Purpose{name: "password-reset", mails: "resetMails", key: "sb-reset-code|"}
)

// sentTo is what the purpose's codes for email carry in sentTo.
func (p Purpose) sentTo(email string) string {
	if p.name == "" {
		return email
	}
	return p.name + ":" + email
}

// owns tells whether otp is one of this purpose's codes. The address's
// own codes carry the bare address, as every code did before purposes.
func (p Purpose) owns(otp *core.OTP) bool {
	if p.name != "" {
		return strings.HasPrefix(otp.SentTo(), p.name+":")
	}
	return !ResetPurpose.owns(otp)
}

// issuedCode is the address's valid code, and whether to mail it now.
type issuedCode struct {
	otp     *core.OTP
	code    string
	expires time.Time
	mail    bool // a mail is due (the code's first or its resend)
	fresh   bool // made by this request (withdrawn if its first mail fails)
}

// issueCode answers the address's valid code of the purpose, making one
// when it has none. One transaction reads and writes, so concurrent
// requests for an address make one code and mail it at most codeMailsMax
// times.
func issueCode(app core.App, email string, purpose Purpose) (issuedCode, error) {
	var out issuedCode
	err := app.RunInTransaction(func(tx core.App) error {
		proofs, err := tx.FindCachedCollectionByNameOrId(proofsCollection)
		if err != nil {
			return err
		}
		proof, err := tx.FindFirstRecordByData(proofs, "email", email)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			proof = core.NewRecord(proofs)
			proof.SetEmail(email)
			// no bcrypt: nobody signs in as a proof, and hashing a
			// password here only for new addresses made the first
			// request for an unknown address ~60 ms slower than for a
			// member's (docs/security.md, "E-mail codes")
			proof.SetRaw(core.FieldNamePassword, &core.PasswordFieldValue{Hash: noPassword})
			if err := tx.Save(proof); err != nil {
				return err
			}
		case err != nil:
			return err
		}

		otps, err := purposeCodes(tx, proof, purpose)
		if err != nil {
			return err
		}
		otp := validCode(proofs, otps)
		if otp == nil {
			for _, expired := range otps {
				if err := tx.Delete(expired); err != nil {
					return err
				}
			}
			otp = core.NewOTP(tx)
			otp.Set("id", core.GenerateDefaultRandomId())
			otp.SetCollectionRef(proofs.Id)
			otp.SetRecordRef(proof.Id)
			otp.SetSentTo(purpose.sentTo(email))
			code, err := deriveCode(proofs, otp.Id, purpose)
			if err != nil {
				return err
			}
			otp.SetPassword(code)
			if err := tx.Save(otp); err != nil {
				return err
			}
			proof.Set(purpose.mails, 0)
			out.fresh = true
		}
		if out.code, err = deriveCode(proofs, otp.Id, purpose); err != nil {
			return err
		}
		out.otp = otp
		out.expires = otp.Created().Time().Add(codeTTL(proofs))
		if mails := proof.GetInt(purpose.mails); mails < codeMailsMax {
			out.mail = true
			_, err = tx.DB().Update(proofsCollection, dbx.Params{purpose.mails: mails + 1}, dbx.HashExp{"id": proof.Id}).Execute()
		}
		return err
	})
	return out, err
}

// purposeCodes are the address's codes of the purpose, newest first.
func purposeCodes(app core.App, proof *core.Record, purpose Purpose) ([]*core.OTP, error) {
	all, err := app.FindAllOTPsByRecord(proof)
	if err != nil {
		return nil, err
	}
	otps := all[:0]
	for _, otp := range all {
		if purpose.owns(otp) {
			otps = append(otps, otp)
		}
	}
	return otps, nil
}

// validCode is the unexpired one of otps, or nil.
func validCode(proofs *core.Collection, otps []*core.OTP) *core.OTP {
	for _, otp := range otps { // newest first
		if !otp.HasExpired(codeTTL(proofs)) {
			return otp
		}
	}
	return nil
}

// deriveCode is the code of an OTP: a keyed hash of its id, so a resend
// mails the same code without the code being stored anywhere. The key is
// the proofs collection's token secret (in the database, like the users'
// token secret that signs sessions), labelled by the purpose.
func deriveCode(proofs *core.Collection, otpID string, purpose Purpose) (string, error) {
	if proofs.AuthToken.Secret == "" {
		return "", errors.New("signin: email_proofs has no token secret")
	}
	mac := hmac.New(sha256.New, []byte(purpose.key+proofs.AuthToken.Secret))
	mac.Write([]byte(otpID))
	n := binary.BigEndian.Uint64(mac.Sum(nil)[:8])
	mod := uint64(1)
	for range CodeDigits {
		mod *= 10
	}
	return fmt.Sprintf("%0*d", CodeDigits, n%mod), nil
}

func codeTTL(proofs *core.Collection) time.Duration {
	if proofs.OTP.Duration < 60 {
		return 10 * time.Minute
	}
	return proofs.OTP.DurationTime()
}

// wrongCodes is a pair of a proof's columns counting the wrong codes typed
// for it within addressWrongWindow: the count and when it started.
type wrongCodes struct{ count, since string }

var (
	// addressWrongCodes are the wrong codes typed for the address itself:
	// its sign-in and confirmation codes, and its reset code asked for by
	// the address.
	addressWrongCodes = wrongCodes{count: "failedAttempts", since: "failuresSince"}
	// nameWrongCodes are the reset codes typed for a username (on the
	// proof of its key). Apart from the address's, so that spending one
	// never shows through the other: with one count, a stranger who spent
	// a username's budget learned its private address from which address
	// then answered 429 (docs/security.md, "Forgotten passwords").
	nameWrongCodes = wrongCodes{count: "nameFailedAttempts", since: "nameFailuresSince"}
)

// takeAttempt counts one code attempt against the proof's budget before
// the code is compared, in one conditional statement, so a burst of
// concurrent guesses cannot pass the count. ok is false when the budget is
// spent; wait is then how long until it renews.
func takeAttempt(app core.App, proofID string, w wrongCodes) (ok bool, wait time.Duration, err error) {
	now := time.Now().UTC()
	cutoff, _ := types.ParseDateTime(now.Add(-addressWrongWindow))
	nowDT, _ := types.ParseDateTime(now)
	count, since := "[["+w.count+"]]", "[["+w.since+"]]"
	fresh := since + ` = '' OR ` + since + ` <= {:cutoff}`
	var started string
	err = app.DB().NewQuery(`UPDATE {{` + proofsCollection + `}} SET
			` + count + ` = CASE WHEN ` + fresh + ` THEN 1 ELSE ` + count + ` + 1 END,
			` + since + ` = CASE WHEN ` + fresh + ` THEN {:now} ELSE ` + since + ` END
		WHERE [[id]] = {:id} AND (` + fresh + ` OR ` + count + ` < {:max})
		RETURNING ` + since).
		Bind(dbx.Params{"id": proofID, "cutoff": cutoff.String(), "now": nowDT.String(), "max": addressMaxWrong}).
		Row(&started)
	if err == nil {
		return true, 0, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return false, 0, err
	}
	if err := app.DB().Select(w.since).From(proofsCollection).Where(dbx.HashExp{"id": proofID}).Row(&started); err != nil {
		return false, 0, err
	}
	start, err := types.ParseDateTime(started)
	if err != nil {
		return false, 0, err
	}
	return false, max(time.Until(start.Time().Add(addressWrongWindow)), time.Second), nil
}

// giveBackAttempt returns the attempt of a right code: only wrong codes
// use the budget.
func giveBackAttempt(app core.App, proofID string, w wrongCodes) error {
	_, err := app.DB().NewQuery("UPDATE {{" + proofsCollection + "}} SET [[" + w.count + "]] = MAX([[" + w.count + "]] - 1, 0) WHERE [[id]] = {:id}").
		Bind(dbx.Params{"id": proofID}).Execute()
	return err
}

// spendCode deletes the code exactly once (of two requests racing with it,
// one finds it gone: errCodeUsed) and remembers an address code as used,
// so a replay of its otpId gets its own message. Call it inside the
// transaction that acts on the proof.
func spendCode(tx core.App, proofID, otpID string, purpose Purpose) error {
	res, err := tx.DB().Delete("_otps", dbx.HashExp{"id": otpID}).Execute()
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return errCodeUsed
	}
	set := dbx.Params{purpose.mails: 0}
	if purpose == AddressPurpose {
		set["usedOtpId"] = otpID
	}
	_, err = tx.DB().Update(proofsCollection, set, dbx.HashExp{"id": proofID}).Execute()
	return err
}

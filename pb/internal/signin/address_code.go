package signin

import (
	"database/sql"
	"errors"
	"fmt"
	"html"
	"net/http"
	"net/mail"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/mailer"
)

// ErrAddressLimited: too many codes were asked for one address lately.
var ErrAddressLimited = errAddressLimited

// CodeError is why a code did not prove an address: the status and the
// message to answer, and the field code for the client.
type CodeError struct {
	Status  int
	Message string
	Code    string
}

func (e *CodeError) Error() string { return e.Message }

var (
	codeWrong   = &CodeError{http.StatusBadRequest, msgCodeWrong, "validation_code_wrong"}
	codeExpired = &CodeError{http.StatusBadRequest, msgCodeExpired, "validation_code_expired"}
	codeUnknown = &CodeError{http.StatusBadRequest, msgCodeUnknown, "validation_code_unknown"}
	codeTooMany = &CodeError{http.StatusTooManyRequests, msgCodeTooMany, "validation_code_too_many"}
)

// SendConfirmationCode sends a code that proves email belongs to the
// member adding it to their account. It goes to every address alike,
// whether or not another account has proven it, so the answer tells
// nobody which addresses are members'.
func SendConfirmationCode(app core.App, email string) (time.Time, error) {
	issued, err := issueCode(app, email)
	if err != nil {
		return time.Time{}, err
	}
	s := app.Settings()
	minutes := int(time.Until(issued.expires).Round(time.Minute).Minutes())
	err = app.NewMailClient().Send(&mailer.Message{
		From:    mail.Address{Name: s.Meta.SenderName, Address: s.Meta.SenderAddress},
		To:      []mail.Address{{Address: email}},
		Subject: "Confirm your e-mail address for SponsorBridge: " + issued.code,
		Text: fmt.Sprintf("Your SponsorBridge confirmation code is %s\n\n"+
			"Type it in Settings to add this address to your account. It works once and expires in %d minutes.\n"+
			"If you did not ask for it, ignore this e-mail: the address is not added without the code.\n", issued.code, minutes),
		HTML: fmt.Sprintf("<p>Your SponsorBridge confirmation code is</p><p style=\"font-size:24px;font-weight:bold;letter-spacing:4px\">%s</p>"+
			"<p>Type it in Settings to add this address to your account. It works once and expires in %d minutes.</p>"+
			"<p>If you did not ask for it, ignore this e-mail: the address is not added without the code.</p>",
			html.EscapeString(issued.code), minutes),
	})
	if err != nil {
		_ = app.Delete(issued.otp)
		return time.Time{}, err
	}
	return issued.expires, nil
}

// ProveAddress spends the current code of email if code is it. Wrong codes
// are counted; the fifth burns the code. The answer is nil or a *CodeError
// (or an error of the database).
func ProveAddress(app core.App, email, code string) error {
	proofs, err := app.FindCachedCollectionByNameOrId(proofsCollection)
	if err != nil {
		return err
	}
	proof, err := app.FindFirstRecordByData(proofs, "email", email)
	if errors.Is(err, sql.ErrNoRows) {
		return codeUnknown
	} else if err != nil {
		return err
	}
	otps, err := app.FindAllOTPsByRecord(proof)
	if err != nil {
		return err
	}
	if len(otps) == 0 {
		return codeUnknown
	}
	otp := otps[0]
	if otp.HasExpired(codeTTL(proofs)) {
		_ = app.Delete(otp)
		return codeExpired
	}
	if proof.GetInt("failedAttempts") >= maxFailedAttempts {
		_ = app.Delete(otp)
		return codeTooMany
	}
	if !otp.ValidatePassword(code) {
		n, err := countFailure(app, proof.Id)
		if err != nil {
			return err
		}
		if n >= maxFailedAttempts {
			_ = app.Delete(otp)
			return codeTooMany
		}
		return codeWrong
	}
	// spent exactly once: of two requests racing with the code, one deletes it
	return app.RunInTransaction(func(tx core.App) error {
		res, err := tx.DB().Delete("_otps", dbx.HashExp{"id": otp.Id}).Execute()
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return codeUnknown
		}
		_, err = tx.DB().Update(proofsCollection, dbx.Params{"failedAttempts": 0, "usedOtpId": otp.Id}, dbx.HashExp{"id": proof.Id}).Execute()
		return err
	})
}

// FindByProvenEmail finds the member whose proven address is email. An
// account still holding the address unproven (stored before addresses had
// to be proven) is not its owner: the address moves to its pendingEmail,
// so it blocks nobody.
func FindByProvenEmail(tx core.App, email string) (*core.Record, error) {
	member, err := findByEmail(tx, email)
	if err != nil {
		return nil, err
	}
	if member.Verified() {
		return member, nil
	}
	member.Set("pendingEmail", member.Email())
	member.SetEmail("")
	if err := tx.Save(member); err != nil {
		return nil, err
	}
	return nil, sql.ErrNoRows
}

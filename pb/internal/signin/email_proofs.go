package signin

import (
	"database/sql"
	"errors"
	"fmt"
	"html"
	"net/mail"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/mailer"
	"github.com/pocketbase/pocketbase/tools/security"
	"github.com/pocketbase/pocketbase/tools/types"
)

// proofsCollection holds one auth record per address proving itself (see
// the migration); sign-in codes are PocketBase OTPs hanging off it.
const proofsCollection = "email_proofs"

const (
	// addressMaxCodes codes may be sent to one address per addressWindow.
	addressMaxCodes = 3
	addressWindow   = 15 * time.Minute
	// maxFailedAttempts wrong codes burn the current code.
	maxFailedAttempts = 5
)

var errAddressLimited = errors.New("signin: too many codes for this address")

type issuedCode struct {
	otp     *core.OTP
	code    string
	expires time.Time
}

// issueCode replaces any earlier code of the address with a new one, within
// the address's request allowance.
func issueCode(app core.App, email string) (issuedCode, error) {
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
			proof.SetRandomPassword()
		case err != nil:
			return err
		}

		now := time.Now()
		start := proof.GetDateTime("windowStart").Time()
		if start.IsZero() || now.Sub(start) > addressWindow {
			proof.Set("windowStart", types.NowDateTime())
			proof.Set("windowRequests", 0)
		}
		if proof.GetInt("windowRequests") >= addressMaxCodes {
			return errAddressLimited
		}
		proof.Set("windowRequests", proof.GetInt("windowRequests")+1)
		proof.Set("failedAttempts", 0)
		if err := tx.Save(proof); err != nil {
			return err
		}
		if err := tx.DeleteAllOTPsByRecord(proof); err != nil {
			return err
		}

		out.code = security.RandomStringWithAlphabet(max(proofs.OTP.Length, 6), "0123456789")
		out.otp = core.NewOTP(tx)
		out.otp.SetCollectionRef(proofs.Id)
		out.otp.SetRecordRef(proof.Id)
		out.otp.SetSentTo(email)
		out.otp.SetPassword(out.code)
		if err := tx.Save(out.otp); err != nil {
			return err
		}
		out.expires = out.otp.Created().Time().Add(codeTTL(proofs))
		return nil
	})
	return out, err
}

func codeTTL(proofs *core.Collection) time.Duration {
	if proofs.OTP.Duration < 60 {
		return 10 * time.Minute
	}
	return proofs.OTP.DurationTime()
}

// sendCode mails the code. The text is the same for every address.
func sendCode(app core.App, email string, issued issuedCode) error {
	s := app.Settings()
	minutes := int(time.Until(issued.expires).Round(time.Minute).Minutes())
	text := fmt.Sprintf("Your SponsorBridge sign-in code is %s\n\n"+
		"Type it in the sign-in box to continue. It works once and expires in %d minutes.\n"+
		"If you did not ask for it, ignore this e-mail: nobody can sign in without the code.\n", issued.code, minutes)
	body := fmt.Sprintf("<p>Your SponsorBridge sign-in code is</p><p style=\"font-size:24px;font-weight:bold;letter-spacing:4px\">%s</p>"+
		"<p>Type it in the sign-in box to continue. It works once and expires in %d minutes.</p>"+
		"<p>If you did not ask for it, ignore this e-mail: nobody can sign in without the code.</p>",
		html.EscapeString(issued.code), minutes)
	return app.NewMailClient().Send(&mailer.Message{
		From:    mail.Address{Name: s.Meta.SenderName, Address: s.Meta.SenderAddress},
		To:      []mail.Address{{Address: email}},
		Subject: "Your SponsorBridge sign-in code: " + issued.code,
		Text:    text,
		HTML:    body,
	})
}

// countFailure records a wrong code atomically and tells how many there are now.
func countFailure(app core.App, proofID string) (int, error) {
	var n int
	err := app.DB().NewQuery("UPDATE {{" + proofsCollection + "}} SET [[failedAttempts]] = [[failedAttempts]] + 1 WHERE [[id]] = {:id} RETURNING [[failedAttempts]]").
		Bind(dbx.Params{"id": proofID}).Row(&n)
	return n, err
}

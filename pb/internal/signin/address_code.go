package signin

import (
	"database/sql"
	"errors"
	"fmt"
	"html"
	"net/mail"
	"time"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/mailer"

	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/limits"
	"sponsorbridge/pb/internal/mailbox"
	"sponsorbridge/pb/internal/refusal"
)

// This file is the one place that sends codes to an address and checks
// them: the sign-in code, the address confirmations (settings,
// registration), the password reset, and any later flow that must prove
// an address (SendCode, then ProveAddress).

// CodeMail is what the e-mail carrying a code says, and the purpose of the
// code it carries. The text is the same for every address, known to the
// members or not.
type CodeMail struct {
	Purpose Purpose
	Subject string // followed by the code
	Name    string // "sign-in code": "Your SponsorBridge sign-in code is 12345678"
	Use     string // what to do with it
	Ignore  string // why ignoring the mail is safe
}

// The mails of the app's own flows.
var (
	SignInMail = CodeMail{
		Purpose: AddressPurpose,
		Subject: "Your SponsorBridge sign-in code: ",
		Name:    "sign-in code",
		Use:     "Type it in the sign-in box to continue.",
		Ignore:  "nobody can sign in without the code.",
	}
	ConfirmationMail = CodeMail{
		Purpose: AddressPurpose,
		Subject: "Confirm your e-mail address for SponsorBridge: ",
		Name:    "confirmation code",
		Use:     "Type it in Settings to add this address to your account.",
		Ignore:  "the address is not added without the code.",
	}
	// RegistrationMail confirms the address given at registration; the
	// code goes to the same box as in Settings (POST /api/user/email/confirm).
	RegistrationMail = CodeMail{
		Purpose: AddressPurpose,
		Subject: "Confirm your e-mail address for SponsorBridge: ",
		Name:    "confirmation code",
		Use:     "Type it in SponsorBridge to add this address to your new account.",
		Ignore:  "the address is not added without the code.",
	}
)

// resetMail is the mail of a password reset code for the account named
// username (a member who reset by address may not remember it).
func resetMail(username string) CodeMail {
	return CodeMail{
		Purpose: ResetPurpose,
		Subject: "Your SponsorBridge password reset code: ",
		Name:    "password reset code",
		Use:     "Type it on the sign-in screen, under \"Forgot password?\", to choose a new password for your account " + username + ".",
		Ignore:  "your password does not change without the code.",
	}
}

// MailRegistrationCode mails the code of the address given at
// registration (accounts.MailAddressCode).
func MailRegistrationCode(app core.App, address string) error {
	_, err := SendCode(app, address, RegistrationMail)
	return err
}

// Sent is the code an address has now.
type Sent struct {
	OTPID   string
	Expires time.Time
	Mailed  bool // false: the code was already mailed (twice); it is answered without a new mail
}

// SendCode makes sure email has a valid code and mails it: a new code when
// the address has none, else the same code again, at most twice per code
// (then the code is answered without mail, so a stranger's requests never
// replace or block the code a member is about to type). A failed first
// mail withdraws the code; the error is then mailbox.SendNow's (answer it
// with mailbox.CodeNotSent).
func SendCode(app core.App, email string, m CodeMail) (Sent, error) {
	issued, err := issueCode(app, email, m.Purpose)
	if err != nil {
		return Sent{}, err
	}
	sent := Sent{OTPID: issued.otp.Id, Expires: issued.expires, Mailed: issued.mail}
	if !issued.mail {
		return sent, nil
	}
	if err := mailCode(app, email, m, issued); err != nil {
		if issued.fresh {
			_ = app.Delete(issued.otp)
		}
		return Sent{}, err
	}
	return sent, nil
}

func mailCode(app core.App, email string, m CodeMail, issued issuedCode) error {
	s := app.Settings()
	minutes := max(1, int(time.Until(issued.expires).Round(time.Minute).Minutes()))
	// sent while the member waits, so that the answer can say whether it went
	return mailbox.SendNow(app, &mailer.Message{
		From:    mail.Address{Name: s.Meta.SenderName, Address: s.Meta.SenderAddress},
		To:      []mail.Address{{Address: email}},
		Subject: m.Subject + issued.code,
		Text: fmt.Sprintf("Your SponsorBridge %s is %s\n\n%s It works once and expires in %d minutes.\n"+
			"If you did not ask for it, ignore this e-mail: %s\n", m.Name, issued.code, m.Use, minutes, m.Ignore),
		HTML: fmt.Sprintf("<p>Your SponsorBridge %s is</p><p style=\"font-size:24px;font-weight:bold;letter-spacing:4px\">%s</p>"+
			"<p>%s It works once and expires in %d minutes.</p><p>If you did not ask for it, ignore this e-mail: %s</p>",
			html.EscapeString(m.Name), html.EscapeString(issued.code), html.EscapeString(m.Use), minutes, html.EscapeString(m.Ignore)),
	})
}

// CodeError is why a code did not prove an address: Invalid or TooMany,
// the message, the field code for the client, and for a spent budget how
// long until it renews. Actions answer it as a refusal (refused).
type CodeError struct {
	Kind    refusal.Kind
	Message string
	Code    string
	Wait    time.Duration
	// perClient: the client's own count of wrong codes is spent, not the
	// address's (the reset keeps this message; limits.Client.TakeCode).
	perClient bool
}

func (e *CodeError) Error() string { return e.Message }

// refusal is the code's refusal: the message in data.code too, and
// Retry-After when there is a wait.
func (e *CodeError) refusal() *refusal.Refusal {
	return &refusal.Refusal{Kind: e.Kind, Message: e.Message, RetryAfter: e.Wait,
		Fields: validation.Errors{"code": apierr.Field(e.Code, e.Message)}}
}

// refused is err with a *CodeError in it as its refusal; other errors
// pass unchanged.
func refused(err error) error {
	var ce *CodeError
	if errors.As(err, &ce) {
		return ce.refusal()
	}
	return err
}

var (
	codeWrong   = &CodeError{Kind: refusal.Invalid, Message: msgCodeWrong, Code: "validation_code_wrong"}
	codeExpired = &CodeError{Kind: refusal.Invalid, Message: msgCodeExpired, Code: "validation_code_expired"}
	codeUnknown = &CodeError{Kind: refusal.Invalid, Message: msgCodeUnknown, Code: "validation_code_unknown"}
	codeUsed    = &CodeError{Kind: refusal.Invalid, Message: msgCodeUsed, Code: "validation_code_used"}
)

func codeTooMany(wait time.Duration) *CodeError {
	return &CodeError{Kind: refusal.TooMany, Message: limits.WithWait(msgCodeTooMany, wait),
		Code: "validation_code_too_many", Wait: wait}
}

func codeTooManyFromClient(wait time.Duration) *CodeError {
	return &CodeError{Kind: refusal.TooMany, Message: limits.WithWait(msgCodeTooManyFromClient, wait),
		Code: "validation_code_too_many", Wait: wait, perClient: true}
}

// checkCode compares code with the OTP's, within the client's count of
// wrong codes over all addresses (limits.Client.TakeCode) and the proof's
// budget w of wrong codes, or, when device is set (a browser that proved
// this address before), within that browser's own budget of the same size
// only. nil means right; the answer is otherwise a *CodeError or an error
// of the database.
func checkCode(app core.App, client limits.Client, proofs *core.Collection, proofID string, w wrongCodes, otp *core.OTP, code, device string) error {
	if otp.HasExpired(codeTTL(proofs)) {
		_ = app.Delete(otp)
		return codeExpired
	}
	if device != "" {
		key := "code-device|" + device
		if ok, wait := limits.Take(app, key, addressMaxWrong, addressWrongWindow); !ok {
			return codeTooMany(wait)
		}
		if !otp.ValidatePassword(code) {
			return codeWrong
		}
		limits.GiveBack(app, key)
		return nil
	}
	if ok, wait := client.TakeCode(app); !ok {
		return codeTooManyFromClient(wait)
	}
	ok, wait, err := takeAttempt(app, proofID, w)
	switch {
	case err != nil:
		client.GiveBackCode(app)
		return err
	case !ok:
		client.GiveBackCode(app) // not compared
		return codeTooMany(wait)
	case !otp.ValidatePassword(code):
		return codeWrong
	}
	client.GiveBackCode(app)
	return giveBackAttempt(app, proofID, w)
}

// ProveAddress spends the current address code of email if code is it
// (within the address's budget of wrong codes and the client's). The
// answer is nil, the code's refusal, or an error of the database.
func ProveAddress(app core.App, client limits.Client, email, code string) error {
	proofID, otpID, err := checkAddressCode(app, client, email, AddressPurpose, addressWrongCodes, code)
	if err != nil {
		return refused(err)
	}
	err = app.RunInTransaction(func(tx core.App) error { return spendCode(tx, proofID, otpID, AddressPurpose) })
	if errors.Is(err, errCodeUsed) {
		return codeUsed.refusal()
	}
	return err
}

// checkAddressCode compares code with the newest code of the purpose sent
// to email, within the budget w of wrong codes on the address's proof, and
// answers the proof and the code to spend. The error is a *CodeError or an
// error of the database.
func checkAddressCode(app core.App, client limits.Client, email string, purpose Purpose, w wrongCodes, code string) (proofID, otpID string, err error) {
	proofs, err := app.FindCachedCollectionByNameOrId(proofsCollection)
	if err != nil {
		return "", "", err
	}
	proof, err := app.FindFirstRecordByData(proofs, "email", email)
	if errors.Is(err, sql.ErrNoRows) {
		return "", "", codeUnknown
	} else if err != nil {
		return "", "", err
	}
	otps, err := purposeCodes(app, proof, purpose)
	if err != nil {
		return "", "", err
	}
	if len(otps) == 0 {
		return "", "", codeUnknown
	}
	if err := checkCode(app, client, proofs, proof.Id, w, otps[0], code, ""); err != nil {
		return "", "", err
	}
	return proof.Id, otps[0].Id, nil
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

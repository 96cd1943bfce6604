package ops

import (
	"errors"
	"net/http"
	"strings"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/router"

	"sponsorbridge/pb/internal/limits"
)

// The dashboard's sign-in is PocketBase's: a password (auth-with-password),
// then a code mailed to the superuser (request-otp, auth-with-otp), by the
// MFA of migration 1764400000. BindSuperuserSignIn hardens it
// (docs/security.md, "The dashboard's sign-in"):
//   - password guesses are counted per superuser address as members' are
//     (limits.SuperuserSignIn), besides per client IP (pb/app/settings.go);
//   - a wrong password answers what a right one does, an MFA id (one that
//     leads nowhere), so only the holder of the mailed code learns whether
//     the password was right;
//   - codes mailed to an address are bounded however many requests arrive
//     at once (limits.ReserveSuperuserCode).
func BindSuperuserSignIn(app core.App) {
	su := core.CollectionNameSuperusers
	app.OnRecordAuthWithPasswordRequest(su).BindFunc(superuserPassword)
	app.OnRecordAuthWithOTPRequest(su).BindFunc(superuserCode)
	app.OnRecordRequestOTPRequest(su).BindFunc(superuserCodeRequest)
	app.OnRecordAuthRequest(su).BindFunc(superuserSignedIn)
}

// msgSignInAgain is what the holder of a right code hears when the
// password before it was wrong.
const msgSignInAgain = "The password or the code was not right. Please sign in again."

func superuserPassword(e *core.RecordAuthWithPasswordRequestEvent) error {
	id := ""
	if e.Record != nil {
		id = e.Record.Id
	}
	if err := limits.SuperuserSignIn(e.RequestEvent, e.Identity, id).Begin(); err != nil {
		return err
	}
	firstStep := mfaIDOf(e.RequestEvent) == ""
	err := e.Next()
	var apiErr *router.ApiError
	if firstStep && !e.Written() && errors.As(err, &apiErr) && apiErr.Status == http.StatusBadRequest {
		// PocketBase answers a right password 401 {mfaId} and a wrong one
		// 400: that confirmed a password without the code. Both now get
		// the 401; the code step tells the wrong one apart (superuserCode).
		if err := e.JSON(http.StatusUnauthorized, map[string]string{"mfaId": core.GenerateDefaultRandomId()}); err != nil {
			return err
		}
		return apis.ErrMFA
	}
	return err
}

// superuserCode runs once PocketBase has found the code right.
func superuserCode(e *core.RecordAuthWithOTPRequestEvent) error {
	if id := mfaIDOf(e.RequestEvent); id != "" {
		if _, err := e.App.FindMFAById(id); err != nil {
			_ = e.App.Delete(e.OTP) // spent, as PocketBase spends it
			return e.BadRequestError(msgSignInAgain, nil)
		}
	}
	return e.Next()
}

func superuserCodeRequest(e *core.RecordCreateOTPRequestEvent) error {
	address := requestedAddress(e.RequestEvent)
	ok, lastID, wait := limits.ReserveSuperuserCode(e.App, address, e.Collection.OTP.DurationTime())
	switch {
	case !ok && lastID != "":
		return e.JSON(http.StatusOK, map[string]string{"otpId": lastID})
	case !ok:
		return limits.TooMany(e.RequestEvent, "Too many codes were requested for this address.", wait)
	case e.Record == nil:
		// PocketBase answers an unknown address a random id; this one is
		// also repeated past the bound, as a real code's id is
		id := core.GenerateDefaultRandomId()
		limits.RememberSuperuserCode(e.App, address, id)
		return e.JSON(http.StatusOK, map[string]string{"otpId": id})
	}
	if err := e.Next(); err != nil {
		return err
	}
	// PocketBase stored the code before answering (and mails it in the background)
	if otps, err := e.App.FindAllOTPsByRecord(e.Record); err == nil && len(otps) > 0 {
		limits.RememberSuperuserCode(e.App, address, otps[0].Id)
	}
	return nil
}

// superuserSignedIn forgets the address's password failures and remembers
// the browser once a sign-in is complete (both proofs given). The cookie
// must be set before PocketBase writes the answer, so whether this step
// completes the sign-in is read from the MFA record as PocketBase will.
func superuserSignedIn(e *core.RecordAuthRequestEvent) error {
	if (e.AuthMethod == core.MFAMethodPassword || e.AuthMethod == core.MFAMethodOTP) && completesSignIn(e) {
		limits.SuperuserSignIn(e.RequestEvent, e.Record.Email(), e.Record.Id).Succeeded(e.Record.Id)
	}
	return e.Next()
}

func completesSignIn(e *core.RecordAuthRequestEvent) bool {
	mfa := e.Record.Collection().MFA
	if !mfa.Enabled {
		return true
	}
	if mfa.Rule != "" { // a rule may waive the second proof: no shortcut taken then
		return false
	}
	id := mfaIDOf(e.RequestEvent)
	if id == "" {
		return false
	}
	m, err := e.App.FindMFAById(id)
	return err == nil && !m.HasExpired(mfa.DurationTime()) && m.RecordRef() == e.Record.Id &&
		m.CollectionRef() == e.Record.Collection().Id && m.Method() != e.AuthMethod
}

// mfaIDOf is the MFA id a sign-in step carries, where PocketBase reads it.
func mfaIDOf(e *core.RequestEvent) string {
	if id := e.Request.URL.Query().Get("mfaId"); id != "" {
		return id
	}
	info, err := e.RequestInfo()
	if err != nil {
		return ""
	}
	id, _ := info.Body["mfaId"].(string)
	return id
}

func requestedAddress(e *core.RequestEvent) string {
	info, err := e.RequestInfo()
	if err != nil {
		return ""
	}
	address, _ := info.Body["email"].(string)
	return strings.ToLower(strings.TrimSpace(address))
}

package limits

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"strings"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/security"
)

// Devices is one kind of "known device" cookie: a browser that once proved
// an identity (signed in to an account, typed the right code for an
// address) carries it, and its later attempts are counted for that browser
// alone. So a stranger who exhausts an identity's allowance of attempts
// does not shut its owner out of the browsers they already use; the
// stranger never holds one.
type Devices struct {
	Cookie     string // the cookie's name
	Path       string // the routes the browser sends it to
	Collection string // whose token secret signs it: rotating the secret forgets every device
}

// The kinds of known device.
var (
	// MemberDevices: a browser that signed in to a member's account with its password.
	MemberDevices = Devices{Cookie: DeviceCookie, Path: "/api/login", Collection: "users"}
	// SuperuserDevices: a browser that completed a superuser's sign-in
	// (password and mailed code) to the dashboard, whose page sends it along.
	SuperuserDevices = Devices{Cookie: "sb_su_device", Path: "/api/collections/_superusers", Collection: core.CollectionNameSuperusers}
	// AddressDevices: a browser that signed in with a code sent to an address.
	AddressDevices = Devices{Cookie: "sb_code_device", Path: "/api/auth/email-code", Collection: "email_proofs"}
)

const (
	// DeviceCookie marks a browser that has signed in to a member's account.
	DeviceCookie = "sb_device"
	deviceMaxAge = 365 * 24 * time.Hour
)

// The cookie is "<recordID>.<random>.<signature>", signed with the
// collection's token secret (kept in the database), so only this server
// makes one.
func (d Devices) signature(app core.App, payload string) string {
	c, err := app.FindCachedCollectionByNameOrId(d.Collection)
	if err != nil || c.AuthToken.Secret == "" {
		return ""
	}
	mac := hmac.New(sha256.New, []byte("sb-known-device|"+c.AuthToken.Secret))
	mac.Write([]byte(payload))
	return base64.RawURLEncoding.EncodeToString(mac.Sum(nil))
}

// Known answers the browser's device id when its cookie is valid for recordID.
func (d Devices) Known(e *core.RequestEvent, recordID string) string {
	return d.KnownTo(e.App, ClientOf(e), recordID)
}

// KnownTo is Known for the client c.
func (d Devices) KnownTo(app core.App, c Client, recordID string) string {
	value := c.cookies[d.Cookie]
	if value == "" || recordID == "" {
		return ""
	}
	parts := strings.Split(value, ".")
	if len(parts) != 3 || parts[0] != recordID {
		return ""
	}
	want := d.signature(app, parts[0]+"."+parts[1])
	if want == "" || !hmac.Equal([]byte(want), []byte(parts[2])) {
		return ""
	}
	return parts[1]
}

// Remember gives the browser a device cookie for recordID.
func (d Devices) Remember(e *core.RequestEvent, recordID string) {
	payload := recordID + "." + security.RandomString(24)
	sig := d.signature(e.App, payload)
	if sig == "" {
		return
	}
	e.SetCookie(&http.Cookie{
		Name:     d.Cookie,
		Value:    payload + "." + sig,
		Path:     d.Path,
		MaxAge:   int(deviceMaxAge.Seconds()),
		Expires:  time.Now().Add(deviceMaxAge),
		HttpOnly: true,
		Secure:   e.IsTLS() || strings.EqualFold(e.Request.Header.Get("X-Forwarded-Proto"), "https"),
		SameSite: http.SameSiteStrictMode,
	})
}

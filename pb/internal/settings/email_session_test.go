package settings_test

import (
	"net/http"
	"strings"
	"testing"

	"sponsorbridge/pb/internal/session"
	"sponsorbridge/pb/internal/testutil"
)

// Confirming a new address keeps the member signed in: the answer carries
// a fresh session (PocketBase ends the old ones when the address changes),
// and the old address stays until the code is confirmed.
func TestConfirmingANewAddressKeepsTheMemberSignedIn(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t, nil)
	defer app.Cleanup()
	seed(t, app)
	srv := testutil.Serve(t, app)
	cookie := testutil.Cookie(t, priya(t, app))

	if code, body := testutil.DoRead(t, srv, http.MethodPost, "/api/user/email", `{"email":"priya.two@example.com"}`, cookie); code != 200 {
		t.Fatalf("request: %d %s", code, body)
	}
	if code, body := testutil.DoRead(t, srv, http.MethodGet, "/api/user", "", cookie); code != 200 || !strings.Contains(body, `"email":"priya@example.com"`) {
		t.Fatalf("before the code the old address and session stay: %d %s", code, body)
	}
	res := testutil.Do(t, srv, http.MethodPost, "/api/user/email/confirm", `{"code":"`+codeSentTo(t, app, "priya.two@example.com")+`"}`, cookie)
	res.Body.Close()
	if res.StatusCode != 200 {
		t.Fatalf("confirm: %d", res.StatusCode)
	}
	var fresh string
	for _, c := range res.Cookies() {
		if c.Name == session.CookieName && c.Value != "" {
			fresh = c.Value
		}
	}
	if fresh == "" {
		t.Fatal("no new session cookie after the address changed")
	}
	next := map[string]string{"Cookie": session.CookieName + "=" + fresh, "Origin": testutil.Origin}
	if code, body := testutil.DoRead(t, srv, http.MethodGet, "/api/user", "", next); code != 200 || !strings.Contains(body, `"email":"priya.two@example.com"`) {
		t.Fatalf("after confirming: %d %s", code, body)
	}
}

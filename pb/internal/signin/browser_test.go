package signin_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/session"
	"sponsorbridge/pb/internal/testutil"
)

// browser sends requests through the app's full router the way a browser of
// the app's own origin would, keeping cookies between requests.
type browser struct {
	t       testing.TB
	h       http.Handler
	cookies map[string]string
	ip      string
}

func newBrowser(t testing.TB, app *tests.TestApp) *browser {
	t.Cleanup(app.Cleanup) // each browser has its app to itself
	return &browser{t: t, h: testutil.Handler(t, app), cookies: map[string]string{}, ip: "192.0.2.1"}
}

// sibling is another browser (own cookies) on the same server.
func (b *browser) sibling(ip string) *browser {
	return &browser{t: b.t, h: b.h, cookies: map[string]string{}, ip: ip}
}

func (b *browser) do(method, path, body string, headers map[string]string) *httptest.ResponseRecorder {
	b.t.Helper()
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	req.RemoteAddr = b.ip + ":5555"
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if method != http.MethodGet {
		req.Header.Set("Origin", testutil.Origin)
	}
	for name, value := range b.cookies {
		req.AddCookie(&http.Cookie{Name: name, Value: value})
	}
	for k, v := range headers {
		if k == "Host" {
			req.Host = v
			continue
		}
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	b.h.ServeHTTP(rec, req)
	for _, c := range rec.Result().Cookies() {
		if c.MaxAge < 0 || c.Value == "" {
			delete(b.cookies, c.Name)
		} else {
			b.cookies[c.Name] = c.Value
		}
	}
	return rec
}

func (b *browser) signedIn() bool { return b.cookies[session.CookieName] != "" }

func decode(t testing.TB, rec *httptest.ResponseRecorder) map[string]any {
	t.Helper()
	out := map[string]any{}
	if err := json.Unmarshal(rec.Body.Bytes(), &out); err != nil {
		t.Fatalf("answer is not JSON: %v: %s", err, rec.Body.String())
	}
	return out
}

func expectStatus(t testing.TB, rec *httptest.ResponseRecorder, status int, contains ...string) {
	t.Helper()
	if rec.Code != status {
		t.Fatalf("status %d, want %d: %s", rec.Code, status, rec.Body.String())
	}
	for _, s := range contains {
		if !strings.Contains(rec.Body.String(), s) {
			t.Errorf("answer lacks %q: %s", s, rec.Body.String())
		}
	}
}

func countUsers(t testing.TB, app *tests.TestApp) int {
	t.Helper()
	n, err := app.CountRecords("users")
	if err != nil {
		t.Fatal(err)
	}
	return int(n)
}

type httpRec = httptest.ResponseRecorder

// unproven makes a member holding an address it never proved, as accounts
// could before addresses had to be proven.
func unproven(t testing.TB, app *tests.TestApp, username, email string) *core.Record {
	t.Helper()
	m := testutil.CreateMember(t, app, username, testutil.MemberOpts{Email: email})
	m.SetVerified(false)
	if err := app.Save(m); err != nil {
		t.Fatal(err)
	}
	return m
}

// requestCode asks for a code through b and reads it from the development mailbox.
func requestCode(t testing.TB, app *tests.TestApp, b *browser, email string) (otpID, code string) {
	t.Helper()
	rec := b.do(http.MethodPost, "/api/auth/email-code/request", `{"email":"`+email+`","displayName":"Nia Okafor"}`, nil)
	expectStatus(t, rec, http.StatusOK, `"otpId":"`)
	otpID, _ = decode(t, rec)["otpId"].(string)
	return otpID, mailedCode(t, app, email)
}

// verify sends code for otpID through b.
func verify(b *browser, otpID, code string) *httpRec {
	return b.do(http.MethodPost, "/api/auth/email-code/verify",
		`{"otpId":"`+otpID+`","code":"`+code+`","displayName":"Nia Okafor"}`, nil)
}

// codeRequest asks for a sign-in code to email through b.
func codeRequest(b *browser, email string) *httpRec {
	return b.do(http.MethodPost, "/api/auth/email-code/request", `{"email":"`+email+`","displayName":"Someone"}`, nil)
}

package publicurl_test

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
	"github.com/pocketbase/pocketbase/tools/logger"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/config"
	"sponsorbridge/pb/internal/mailbox"
	"sponsorbridge/pb/internal/publicurl"
	"sponsorbridge/pb/internal/queue"
	"sponsorbridge/pb/internal/savedsearch"
	"sponsorbridge/pb/internal/testutil"
)

// server is the app served as `sponsorbridge serve --http <addr>` serves it.
type server struct {
	app       *tests.TestApp
	base      string // where the test reaches it: http://127.0.0.1:<port>
	ann, bob  *core.Record
	annCookie string
	bobCookie string
}

func freeAddr(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

// serve starts the app on addr through PocketBase's own serve path: ann has
// a saved search for school requests, bob a plan to post one.
func serve(t *testing.T, cfg *config.Config, addr string) *server {
	t.Helper()
	cfg.LogsMaxDays = 1 // test apps keep no logs otherwise
	app := apptest.NewApp(t, cfg)
	s := &server{app: app}
	s.ann = testutil.CreateMember(t, app, "ann", testutil.MemberOpts{Email: "ann@example.com"})
	s.bob = testutil.CreateMember(t, app, "bob", testutil.MemberOpts{Subscribed: true})
	saved, _ := app.FindCollectionByNameOrId(savedsearch.Collection)
	r := core.NewRecord(saved)
	r.Set("user", s.ann.Id)
	r.Set("name", "Schools")
	r.Set("kind", "requests")
	r.Set("query", `{"q":"school"}`)
	if err := app.Save(r); err != nil {
		t.Fatal(err)
	}
	s.annCookie = testutil.Cookie(t, s.ann)["Cookie"]
	s.bobCookie = testutil.Cookie(t, s.bob)["Cookie"]

	done := make(chan error, 1)
	go func() { done <- apis.Serve(app, apis.ServeConfig{HttpAddr: addr}) }()
	ended := false
	t.Cleanup(func() {
		app.Cleanup() // OnTerminate: the server shuts down
		if ended {
			return
		}
		if err := <-done; err != nil && !errors.Is(err, http.ErrServerClosed) {
			t.Error(err)
		}
	})
	testutil.Eventually(t, 20*time.Second, "the server to answer /api/health", func() bool {
		if _, port, _ := net.SplitHostPort(addr); port != "0" {
			s.base = "http://" + addr
		} else if u, err := url.Parse(publicurl.Base(app)); err == nil && u.Port() != "" && u.Port() != "8090" {
			s.base = "http://127.0.0.1:" + u.Port() // asked for port 0: the public address names the port given
		}
		if s.base != "" {
			if res, err := http.Get(s.base + "/api/health"); err == nil {
				res.Body.Close()
				if res.StatusCode == 200 {
					return true
				}
			}
		}
		select {
		case err := <-done:
			ended = true
			t.Fatalf("serve ended: %v", err)
		default:
		}
		return false
	})
	return s
}

func (s *server) do(t *testing.T, method, path, cookie, body string) (int, http.Header) {
	t.Helper()
	req, _ := http.NewRequest(method, s.base+path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Origin", s.base)
	if cookie != "" {
		req.Header.Set("Cookie", cookie)
	}
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode >= 400 {
		t.Logf("%s %s: %d %s", method, path, res.StatusCode, raw)
	}
	return res.StatusCode, res.Header
}

// mailLinks posts a listing ann's saved search matches and changes ann's
// password, and answers the links in the alert and the account notice.
func (s *server) mailLinks(t *testing.T) []string {
	t.Helper()
	body := `{"title":"School library","description":"Books for a village school","requestedAmount":"400","location":"Pune",` +
		`"categories":["Education"],"eventDate":"` + time.Now().AddDate(0, 1, 0).Format("2006-01-02") + `"}`
	if code, _ := s.do(t, http.MethodPost, "/api/sponsorship-requests", s.bobCookie, body); code != 201 {
		t.Fatalf("posting answered %d", code)
	}
	queue.Of(s.app).Wait()
	if code, _ := s.do(t, http.MethodPost, "/api/user/password", s.annCookie,
		`{"currentPassword":"`+testutil.Password+`","newPassword":"another-pass-2"}`); code != 200 {
		t.Fatalf("password change answered %d", code)
	}
	queue.Of(s.app).Wait()

	mails, err := mailbox.Read(mailbox.Dir(s.app), "ann@example.com")
	if err != nil || len(mails) != 2 {
		t.Fatalf("ann's mails: %d %v", len(mails), err)
	}
	var links []string
	for _, m := range mails {
		for _, part := range []string{m.Text, m.HTML} {
			links = append(links, regexp.MustCompile(`https?://[^\s"<>]+`).FindAllString(part, -1)...)
		}
		for _, h := range m.Headers {
			links = append(links, regexp.MustCompile(`https?://[^\s"<>]+`).FindAllString(h, -1)...)
		}
	}
	// the alert: listing, search, unsubscribe (text, HTML, header); the notice: contact
	for _, want := range []string{"/listings/requests/", "/home?q=school", "/api/email/unsubscribe?", "/contact"} {
		if !strings.Contains(strings.Join(links, " "), want) {
			t.Errorf("no %s link in ann's mails: %v", want, links)
		}
	}
	return links
}

// unsetAppURL is the configuration of a start without APP_URL, as the
// environment gives it.
func unsetAppURL(t *testing.T) *config.Config {
	t.Setenv("APP_URL", "")
	loaded, err := config.Load()
	if err != nil {
		t.Fatal(err)
	}
	cfg := testutil.Config()
	cfg.AppURL = loaded.AppURL
	return cfg
}

func googleConfig(cfg *config.Config) {
	cfg.GoogleClientID, cfg.GoogleClientSecret = "client-id", "client-secret"
	cfg.GoogleAuthURL = "http://127.0.0.1:9/auth" // never reached: the test reads the redirect
	cfg.GoogleTokenURL, cfg.GoogleUserInfoURL = "http://127.0.0.1:9/token", "http://127.0.0.1:9/userinfo"
}

// Without APP_URL, a server started on any port mails links to that port
// (it mailed http://127.0.0.1:8090 links before), and Google returns there.
func TestWithoutAppURLLinksUseTheServedAddress(t *testing.T) {
	cfg := unsetAppURL(t)
	googleConfig(cfg)
	s := serve(t, cfg, freeAddr(t))

	if got := publicurl.Base(s.app); got != s.base {
		t.Errorf("public address %q, served on %q", got, s.base)
	}
	for _, link := range s.mailLinks(t) {
		if !strings.HasPrefix(link, s.base+"/") {
			t.Errorf("a mail links to %s, not to the served %s", link, s.base)
		}
	}
	code, header := s.do(t, http.MethodGet, "/api/auth/google/start", "", "")
	loc, _ := url.Parse(header.Get("Location"))
	if code != http.StatusSeeOther || loc.Query().Get("redirect_uri") != s.base+"/__/auth/handler" {
		t.Errorf("Google start: %d %s", code, header.Get("Location"))
	}
	if n := len(mismatchLogs(t, s.app)); n != 0 {
		t.Errorf("%d mismatch lines without APP_URL", n)
	}
}

// Asked for port 0 (a free port), links name the port the server got.
func TestPortZeroLinksNameThePortGiven(t *testing.T) {
	s := serve(t, unsetAppURL(t), "127.0.0.1:0")
	if got := publicurl.Base(s.app); got != s.base || strings.HasSuffix(got, ":0") {
		t.Fatalf("public address %q, served on %q", got, s.base)
	}
}

// With APP_URL, links use it wherever the server listens, and a request for
// another host is logged once, not once per request.
func TestAppURLWinsAndAMismatchIsLoggedOnce(t *testing.T) {
	cfg := testutil.Config()
	cfg.AppURL = "https://sponsorbridge.example"
	s := serve(t, cfg, freeAddr(t))

	for _, link := range s.mailLinks(t) { // several requests arrive for 127.0.0.1:<port>
		if !strings.HasPrefix(link, cfg.AppURL+"/") {
			t.Errorf("a mail links to %s, not to APP_URL", link)
		}
	}
	s.do(t, http.MethodGet, "/api/app-config", "", "")
	logs := mismatchLogs(t, s.app)
	if len(logs) != 1 || logs[0].Data["host"] != strings.TrimPrefix(s.base, "http://") ||
		logs[0].Data["appURL"] != cfg.AppURL {
		t.Fatalf("mismatch lines: %d %+v", len(logs), logs)
	}
}

func mismatchLogs(t *testing.T, app *tests.TestApp) []*core.Log {
	t.Helper()
	if err := app.Logger().Handler().(*logger.BatchHandler).WriteAll(context.WithValue(context.Background(), logger.BlockKey, true)); err != nil {
		t.Fatal(err)
	}
	var logs []*core.Log
	if err := app.LogQuery().AndWhere(dbx.HashExp{"message": publicurl.MismatchMessage}).All(&logs); err != nil {
		t.Fatal(err)
	}
	return logs
}

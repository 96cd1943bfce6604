// Package testutil builds test apps from the real migrations and the real
// registration list, and makes members, tokens and listings for scenarios.
package testutil

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
	"github.com/pocketbase/pocketbase/tools/types"
	"golang.org/x/crypto/bcrypt"

	"sponsorbridge/pb/app"
	"sponsorbridge/pb/internal/config"
	"sponsorbridge/pb/internal/session"
	_ "sponsorbridge/pb_migrations"
)

// Origin is the origin of test requests (httptest's default host).
const Origin = "http://example.com"

// Password is the password of every test member.
const Password = "secret-pass-1"

var (
	templateOnce sync.Once
	templateDir  string
	templateErr  error
)

// template answers a migrated empty data directory; every test app starts
// from a copy of it.
//
// Migrating takes about half a second of CPU, and every test binary used
// to pay it (26 of them: 13 s of the suite's CPU). So the first binary to
// need it keeps it for the others, under a name made of a hash of what
// makes it: the migrations, the PocketBase version (go.sum) and this file
// (the password cost below). A change to any of them names a new one.
// Outside the module's tree (no go.mod above the working directory) each
// binary migrates its own, as before.
func template() (string, error) {
	templateOnce.Do(func() {
		key, ok := templateKey()
		if !ok {
			templateDir, templateErr = privateTemplate()
			return
		}
		templateDir = filepath.Join(os.TempDir(), sharedTemplatePrefix+key)
		if _, err := os.Stat(filepath.Join(templateDir, "data.db")); err == nil {
			return
		}
		removeStaleSharedTemplates()
		var built string
		if built, templateErr = migrate(); templateErr != nil {
			return
		}
		// Another binary may have finished the same one meanwhile: the
		// rename then fails and that one is used (it has the same content).
		if err := os.Rename(built, templateDir); err != nil {
			_ = os.RemoveAll(built)
			if _, statErr := os.Stat(filepath.Join(templateDir, "data.db")); statErr != nil {
				templateErr = err
			}
		}
	})
	return templateDir, templateErr
}

// migrate runs every migration on an empty data directory and answers it.
func migrate() (string, error) {
	// an empty directory: the test app clones what it is given
	empty, err := os.MkdirTemp("", "sb_empty_*")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(empty)
	ta, err := tests.NewTestAppWithConfig(core.BaseAppConfig{DataDir: empty, EncryptionEnv: "pb_test_env"})
	if err != nil {
		return "", err
	}
	if err := lowerPasswordCost(ta); err != nil {
		ta.Cleanup()
		return "", err
	}
	if err := ta.ClearBootstrap(); err != nil { // closes the databases, keeps the files
		return "", err
	}
	return ta.DataDir(), nil
}

// templateKey hashes what the template is made of, found from the working
// directory (a test binary runs in its package's directory).
func templateKey() (string, bool) {
	root, err := os.Getwd()
	if err != nil {
		return "", false
	}
	for {
		if _, err := os.Stat(filepath.Join(root, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(root)
		if parent == root {
			return "", false
		}
		root = parent
	}
	files, err := filepath.Glob(filepath.Join(root, "pb_migrations", "*.go"))
	if err != nil || len(files) == 0 {
		return "", false
	}
	files = append(files, filepath.Join(root, "go.sum"), filepath.Join(root, "pb", "internal", "testutil", "testutil.go"))
	h := sha256.New()
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			return "", false
		}
		fmt.Fprintf(h, "%s %d\n", filepath.Base(f), len(raw))
		h.Write(raw)
	}
	return hex.EncodeToString(h.Sum(nil))[:16], true
}

const (
	sharedTemplatePrefix  = "sb_test_template_v1_"
	privateTemplatePrefix = "sb_test_template_"
)

// removeStaleSharedTemplates removes the shared templates made more than
// an hour ago, when a new one is made: a younger one may still be in use
// by a run of another tree (a suite takes about a minute).
func removeStaleSharedTemplates() {
	dirs, _ := filepath.Glob(filepath.Join(os.TempDir(), sharedTemplatePrefix+"*"))
	for _, d := range dirs {
		if fi, err := os.Stat(d); err == nil && time.Since(fi.ModTime()) > time.Hour {
			_ = os.RemoveAll(d)
		}
	}
}

// privateTemplate migrates a template for this binary alone. It outlives
// every test of the binary, so no test can remove it: it is named after
// the process, and the next binary removes those of processes that have
// ended.
func privateTemplate() (string, error) {
	built, err := migrate()
	if err != nil {
		return "", err
	}
	removeEndedTemplates()
	dir := filepath.Join(os.TempDir(), privateTemplatePrefix+strconv.Itoa(os.Getpid()))
	_ = os.RemoveAll(dir)
	if err := os.Rename(built, dir); err != nil {
		return "", err
	}
	return dir, nil
}

// removeEndedTemplates removes the private templates of test binaries that
// are no longer running.
func removeEndedTemplates() {
	dirs, _ := filepath.Glob(filepath.Join(os.TempDir(), privateTemplatePrefix+"*"))
	for _, d := range dirs {
		pid, err := strconv.Atoi(strings.TrimPrefix(filepath.Base(d), privateTemplatePrefix))
		if err != nil || pid == os.Getpid() {
			continue
		}
		if errors.Is(syscall.Kill(pid, 0), syscall.ESRCH) {
			_ = os.RemoveAll(d)
		}
	}
}

// lowerPasswordCost sets every password field of the template (members,
// superusers, one-time codes) to bcrypt's minimum cost. Hashing at the
// production cost was most of the CPU of the route tests; what the tests
// check (a password or code is accepted or refused) does not depend on the
// cost. Production keeps PocketBase's default: this only edits the
// template's copy of the schema.
func lowerPasswordCost(app core.App) error {
	cols, err := app.FindAllCollections()
	if err != nil {
		return err
	}
	for _, c := range cols {
		changed := false
		for _, f := range c.Fields {
			if pf, ok := f.(*core.PasswordField); ok && pf.Cost != bcrypt.MinCost {
				pf.Cost = bcrypt.MinCost
				changed = true
			}
		}
		if changed {
			if err := app.Save(c); err != nil {
				return fmt.Errorf("lower the password cost of %s: %w", c.Name, err)
			}
		}
	}
	return nil
}

// Config is the configuration tests run with unless they say otherwise:
// the payments sandbox and the development mailbox opted into, as on a
// laptop (tests of the production guardrails switch them off).
func Config() *config.Config {
	return &config.Config{AppURL: Origin, RateLimits: false, SandboxOptIn: true, MailDevMailbox: true}
}

// NewApp makes a test app with the schema and every feature registered.
func NewApp(t testing.TB, cfg *config.Config) *tests.TestApp {
	t.Helper()
	return NewAppWith(t, cfg, app.Options{})
}

// NewAppWith is NewApp with serving options (a public dir for the SPA).
func NewAppWith(t testing.TB, cfg *config.Config, opts app.Options) *tests.TestApp {
	t.Helper()
	return newApp(t, cfg, opts, false)
}

// NewAppRealMail is NewApp whose mail leaves through PocketBase's own
// client, SMTP as cfg sets it up (StartSMTP), instead of the test app's
// recording mailer (app.TestMailer stays empty).
func NewAppRealMail(t testing.TB, cfg *config.Config) *tests.TestApp {
	t.Helper()
	return newApp(t, cfg, app.Options{}, true)
}

func newApp(t testing.TB, cfg *config.Config, opts app.Options, realMail bool) *tests.TestApp {
	t.Helper()
	dir, err := template()
	if err != nil {
		t.Fatal(err)
	}
	ta, err := tests.NewTestAppWithConfig(core.BaseAppConfig{DataDir: dir, EncryptionEnv: "pb_test_env",
		DataMaxOpenConns: config.DBConns, DataMaxIdleConns: config.DBConns, DBConnect: app.DBConnect})
	if err != nil {
		t.Fatal(err)
	}
	if cfg == nil {
		cfg = Config()
	}
	if realMail {
		ta.OnMailerSend().UnbindAll() // only the test app's recording mailer is bound yet
	}
	app.Register(ta, cfg, opts)
	settleBackground(ta)
	return ta
}

// Factory is a TestAppFactory for scenarios; seed, when given, fills the app.
func Factory(cfg *config.Config, seed func(t testing.TB, app core.App)) func(t testing.TB) *tests.TestApp {
	return func(t testing.TB) *tests.TestApp {
		ta := NewApp(t, cfg)
		if seed != nil {
			seed(t, ta)
		}
		return ta
	}
}

// MemberOpts tune a test member.
type MemberOpts struct {
	Admin      bool
	Subscribed bool
	Verified   bool
	Email      string
}

// CreateMember saves a member with Password as password.
func CreateMember(t testing.TB, app core.App, username string, opts MemberOpts) *core.Record {
	t.Helper()
	users, err := app.FindCollectionByNameOrId("users")
	if err != nil {
		t.Fatal(err)
	}
	r := core.NewRecord(users)
	r.Set("username", username)
	r.Set("displayName", "Member "+username)
	r.Set("isAdmin", opts.Admin)
	r.Set("isVerified", opts.Verified)
	if opts.Email != "" {
		// users.email holds proven addresses only (an unproven one waits in pendingEmail)
		r.SetEmail(opts.Email)
		r.SetVerified(true)
	}
	if opts.Subscribed {
		r.Set("subscriptionPlan", "monthly")
		r.Set("subscriptionStatus", "active")
		r.Set("subscriptionExpiry", types.NowDateTime().Add(30*24*time.Hour))
	}
	hash := passwordHash.Load()
	if hash != nil {
		r.SetRaw("password", &core.PasswordFieldValue{Hash: *hash})
	} else {
		r.SetPassword(Password)
	}
	if err := app.Save(r); err != nil {
		t.Fatal(err)
	}
	if hash == nil {
		h := r.GetString("password:hash")
		passwordHash.CompareAndSwap(nil, &h)
	}
	return r
}

// passwordHash is the bcrypt hash of Password the first member got: every
// later member of the test binary is stored with it. Hashing costs about
// 50 ms of CPU a member, a fifth of some packages' whole run; signing in
// still checks the password against the hash.
var passwordHash atomic.Pointer[string]

// Find reloads a record.
func Find(t testing.TB, app core.App, collection, id string) *core.Record {
	t.Helper()
	r, err := app.FindRecordById(collection, id)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// FindByUsername loads a member.
func FindByUsername(t testing.TB, app core.App, username string) *core.Record {
	t.Helper()
	r, err := app.FindFirstRecordByData("users", "username", username)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// Cookie returns the headers of a same-origin browser request riding the
// member's session cookie.
func Cookie(t testing.TB, member *core.Record) map[string]string {
	t.Helper()
	token, err := member.NewAuthToken()
	if err != nil {
		t.Fatal(err)
	}
	return map[string]string{"Cookie": session.CookieName + "=" + token, "Origin": Origin}
}

// Bearer returns the headers of an API client using the token directly.
func Bearer(t testing.TB, member *core.Record) map[string]string {
	t.Helper()
	token, err := member.NewAuthToken()
	if err != nil {
		t.Fatal(err)
	}
	return map[string]string{"Authorization": token}
}

// ListingOpts describe a test listing.
type ListingOpts struct {
	Title, Description, Location, Status string
	Amount                               int
	Categories                           []string
	Reviewed, Approved                   bool
	RejectionReason                      string
	Created                              time.Time
}

// CreateListing saves a listing directly (no route, no allowance checks).
func CreateListing(t testing.TB, app core.App, table string, owner *core.Record, o ListingOpts) *core.Record {
	t.Helper()
	c, err := app.FindCollectionByNameOrId(table)
	if err != nil {
		t.Fatal(err)
	}
	r := core.NewRecord(c)
	if o.Title == "" {
		o.Title = "Listing of " + owner.GetString("username")
	}
	if o.Description == "" {
		o.Description = "A description."
	}
	if o.Amount == 0 {
		o.Amount = 100
	}
	if len(o.Categories) == 0 {
		o.Categories = []string{"Community"}
	}
	r.Set("title", o.Title)
	r.Set("description", o.Description)
	r.Set("location", o.Location)
	r.Set("categories", o.Categories)
	r.Set("user", owner.Id)
	r.Set("reviewed", o.Reviewed)
	r.Set("approved", o.Approved)
	r.Set("rejectionReason", o.RejectionReason)
	if table == "sponsorship_requests" {
		r.Set("requestedAmount", o.Amount)
		if o.Status == "" {
			o.Status = "open"
		}
		r.Set("status", o.Status)
	} else {
		r.Set("amount", o.Amount)
		if o.Status == "" {
			o.Status = "open"
		}
		r.Set("status", o.Status)
	}
	if !o.Created.IsZero() {
		dt, _ := types.ParseDateTime(o.Created)
		r.SetRaw("created", dt)
	}
	if err := app.Save(r); err != nil {
		t.Fatal(err)
	}
	return r
}

// Prepared returns a scenario whose app comes from factory and which
// prepare may then adjust (URL, headers, body) from the seeded data.
func Prepared(factory func(testing.TB) *tests.TestApp, s tests.ApiScenario,
	prepare func(t testing.TB, app core.App, s *tests.ApiScenario)) *tests.ApiScenario {
	sc := &s
	sc.TestAppFactory = func(t testing.TB) *tests.TestApp {
		app := factory(t)
		if prepare != nil {
			prepare(t, app, sc)
		}
		return app
	}
	return sc
}

// As signs the scenario in as the named member (cookie session, same origin).
func As(username string) func(t testing.TB, app core.App, s *tests.ApiScenario) {
	return func(t testing.TB, app core.App, s *tests.ApiScenario) {
		s.Headers = Cookie(t, FindByUsername(t, app, username))
	}
}

// NewAppFromDir makes a test app from a copy of an existing data directory
// (a seeded benchmark database kept between runs), with every feature
// registered (with opts[0], when given: the search engine's tuning).
func NewAppFromDir(t testing.TB, dir string, cfg *config.Config, opts ...app.Options) *tests.TestApp {
	t.Helper()
	ta, err := tests.NewTestAppWithConfig(core.BaseAppConfig{DataDir: dir, EncryptionEnv: "pb_test_env",
		DataMaxOpenConns: config.DBConns, DataMaxIdleConns: config.DBConns, DBConnect: app.DBConnect})
	if err != nil {
		t.Fatal(err)
	}
	if cfg == nil {
		cfg = Config()
	}
	app.Register(ta, cfg, append(opts, app.Options{})[0])
	return ta
}

// Migration is the registered migration of the named file (for a test that
// steps it down and up again around data of before).
func Migration(t testing.TB, file string) *core.Migration {
	t.Helper()
	for _, m := range core.AppMigrations.Items() {
		if m.File == file {
			return m
		}
	}
	t.Fatalf("migration %s not registered", file)
	return nil
}

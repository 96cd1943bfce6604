// Package testutil holds what API tests write and check with, below the
// app: the scenario dialect (Journey, Reads, Prepared), members, tokens and
// listings for scenarios, expected events, the SMTP stand-in and crafted
// images. It does not import pb/app (imports_test.go): the test apps built
// with every feature registered come from pb/internal/apptest.
package testutil

import (
	"sync/atomic"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
	"github.com/pocketbase/pocketbase/tools/types"

	"sponsorbridge/pb/internal/config"
	"sponsorbridge/pb/internal/listings"
	"sponsorbridge/pb/internal/session"
)

// Origin is the origin of test requests (httptest's default host).
const Origin = "http://example.com"

// Password is the password of every test member.
const Password = "secret-pass-1"

// Config is the configuration tests run with unless they say otherwise:
// the payments sandbox and the development mailbox opted into, as on a
// laptop (tests of the production guardrails switch them off).
func Config() *config.Config {
	return &config.Config{AppURL: Origin, RateLimits: false, SandboxOptIn: true, MailDevMailbox: true, RequestLogsPerSecond: config.DefaultRequestLogsPerSecond}
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
	if table == listings.Requests.Table {
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

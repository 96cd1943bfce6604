// Package apptest builds test apps from the real migrations and the real
// registration list (pb/app): every feature registered, on a copy of a
// migrated template. What scenarios write and check with is testutil's,
// which stays below the app.
package apptest

import (
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/app"
	"sponsorbridge/pb/internal/config"
	"sponsorbridge/pb/internal/testutil"
	_ "sponsorbridge/pb_migrations"
)

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
	ta, err := appFrom(dir)
	if err != nil {
		t.Fatal(err)
	}
	if cfg == nil {
		cfg = testutil.Config()
	}
	if realMail {
		ta.OnMailerSend().UnbindAll() // only the test app's recording mailer is bound yet
	}
	app.Register(ta, cfg, opts)
	testutil.SettleBackground(ta)
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

// appFrom makes a test app on a copy of dir, its databases opened as the
// server opens them (pool size, pragmas), with no feature registered.
func appFrom(dir string) (*tests.TestApp, error) {
	return tests.NewTestAppWithConfig(core.BaseAppConfig{DataDir: dir, EncryptionEnv: "pb_test_env",
		DataMaxOpenConns: config.DBConns, DataMaxIdleConns: config.DBConns, DBConnect: app.DBConnect})
}

// NewAppFromDir makes a test app from a copy of an existing data directory
// (a seeded benchmark database kept between runs), with every feature
// registered (with opts[0], when given: the search engine's tuning).
func NewAppFromDir(t testing.TB, dir string, cfg *config.Config, opts ...app.Options) *tests.TestApp {
	t.Helper()
	ta, err := appFrom(dir)
	if err != nil {
		t.Fatal(err)
	}
	if cfg == nil {
		cfg = testutil.Config()
	}
	app.Register(ta, cfg, append(opts, app.Options{})[0])
	return ta
}

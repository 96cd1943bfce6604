package apptest

// The migrated template every test app starts from.

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
	"golang.org/x/crypto/bcrypt"

	"sponsorbridge/pb/app"
	"sponsorbridge/pb/internal/testutil"
)

var (
	templateOnce sync.Once
	templateDir  string
	templateErr  error
)

// template answers a migrated empty data directory that has started once;
// every test app starts from a copy of it.
//
// Migrating takes about half a second of CPU, and every test binary used
// to pay it (26 of them: 13 s of the suite's CPU). So the first binary to
// need it keeps it for the others, under a name made of a hash of what
// makes it: the migrations, the PocketBase version (go.sum) and the
// server's code (this file's password cost below, what a start writes). A
// change to any of them names a new one.
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
			now := time.Now() // in use: not stale (removeStaleSharedTemplates)
			_ = os.Chtimes(templateDir, now, now)
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
	if err := startOnce(ta); err != nil {
		ta.Cleanup()
		return "", err
	}
	if err := ta.ClearBootstrap(); err != nil { // closes the databases, keeps the files
		return "", err
	}
	return ta.DataDir(), nil
}

// startOnce serves the template once, as a site's first start does. What
// every start creates when it is missing (the search engine's change log
// and its triggers) is then in the template: a test app's start finds it
// instead of changing the schema under the connections already open, each
// of which would parse the whole schema again (about a tenth of a route
// test's CPU).
func startOnce(ta *tests.TestApp) error {
	app.Register(ta, testutil.Config(), app.Options{})
	r, err := apis.NewRouter(ta)
	if err != nil {
		return err
	}
	return ta.OnServe().Trigger(&core.ServeEvent{App: ta, Router: r}, func(*core.ServeEvent) error { return nil })
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
	// the migrations, and the server's code: a start writes into the
	// template too (startOnce)
	var files []string
	for _, dir := range []string{"pb_migrations", "pb"} {
		err := filepath.WalkDir(filepath.Join(root, dir), func(path string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(path, ".go") && !strings.HasSuffix(path, "_test.go") {
				files = append(files, path)
			}
			return err
		})
		if err != nil {
			return "", false
		}
	}
	if len(files) == 0 {
		return "", false
	}
	files = append(files, filepath.Join(root, "go.sum"))
	h := sha256.New()
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			return "", false
		}
		rel, _ := filepath.Rel(root, f)
		fmt.Fprintf(h, "%s %d\n", rel, len(raw))
		h.Write(raw)
	}
	return hex.EncodeToString(h.Sum(nil))[:16], true
}

const (
	sharedTemplatePrefix  = "sb_test_template_v1_"
	privateTemplatePrefix = "sb_test_template_"
)

// removeStaleSharedTemplates removes, when a new one is made, the shared
// templates no test binary has started from for an hour (each one that
// does marks it, above): a more recent one may still be in use by a run of
// another tree (a suite takes about a minute).
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

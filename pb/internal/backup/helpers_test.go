package backup_test

// The tests here run the server as a separate process: the test binary
// re-executes itself as the server (childMain is main.go's main, line for
// line), so a test can send it SIGTERM or SIGKILL like Fly.io does.

import (
	"bytes"
	"database/sql"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase"

	"sponsorbridge/pb/app"
	"sponsorbridge/pb/internal/backup"
	"sponsorbridge/pb/internal/config"
	"sponsorbridge/pb/internal/logline"
	"sponsorbridge/pb/internal/testutil"
	_ "sponsorbridge/pb_migrations"
)

const childEnv = "SB_BACKUP_TEST_CHILD"

func TestMain(m *testing.M) {
	if raw := os.Getenv(childEnv); raw != "" {
		var args []string
		if err := json.Unmarshal([]byte(raw), &args); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		os.Exit(childMain(args))
	}
	code := m.Run()
	if siteDir != "" {
		_ = os.RemoveAll(siteDir)
	}
	os.Exit(code)
}

var (
	siteOnce sync.Once
	siteDir  string
	siteErr  error
)

// existingSite fills dataDir with a site the server has already migrated:
// the server's own `migrate up`, run once for the binary. A new site's
// migrations cost 0.55 s of CPU, and only the first start is about them:
// the first-start tests and TestRestoreDrill start new sites
// (LITESTREAM_NEW_SITE), the other drills start from this, as a volume
// that gains backups does (an empty replica has no lease to wait for).
func existingSite(t testing.TB, dataDir string) {
	t.Helper()
	siteOnce.Do(func() {
		if siteDir, siteErr = os.MkdirTemp("", "sb_backup_site_*"); siteErr != nil {
			return
		}
		c := run(t, env(), "migrate", "up", "--dir", siteDir)
		if code := c.wait(60 * time.Second); code != 0 {
			siteErr = fmt.Errorf("migrate up: exit %d:\n%s", code, c.out.String())
		}
	})
	if siteErr != nil {
		t.Fatal(siteErr)
	}
	copyDir(t, siteDir, dataDir)
}

// childMain is pb/main.go's main.
func childMain(args []string) int {
	os.Args = append([]string{"sponsorbridge"}, args...)
	cfg, err := config.Load()
	if err != nil {
		logline.Error(err.Error())
		return 1
	}
	pb := pocketbase.NewWithConfig(pocketbase.Config{
		DataMaxOpenConns: config.DBConns,
		DataMaxIdleConns: config.DBConns,
		DBConnect:        app.DBConnect,
	})
	if ran, err := backup.RunRestoreCommand(pb, cfg, os.Args[1:]); ran {
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		return 0
	}
	app.Register(pb, cfg, app.Options{})
	app.RegisterCommands(pb, cfg)
	if err := pb.Start(); err != nil {
		logline.Error(err.Error())
		return 1
	}
	return 0
}

// lockedBuffer collects a child's output.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

type child struct {
	t    testing.TB
	cmd  *exec.Cmd
	out  *lockedBuffer
	done chan struct{}
	err  error
	URL  string
}

// env is the environment of every child: the test's own without settings
// that would change the server, plus extra.
func env(extra ...string) []string {
	var out []string
	for _, kv := range os.Environ() {
		name, _, _ := strings.Cut(kv, "=")
		// AWS_*: this machine sets AWS_CA_BUNDLE, which the AWS SDK refuses
		// beside the HTTP client Litestream's S3 client brings.
		if strings.HasPrefix(name, "LITESTREAM_") || strings.HasPrefix(name, "AWS_") || strings.HasPrefix(name, "RAZORPAY_") ||
			strings.HasPrefix(name, "SMTP_") || name == "DEMO_MODE" || name == "APP_URL" ||
			name == "PAYMENTS_SANDBOX" || name == "MAIL_DEV_MAILBOX" || name == "METRICS_TOKEN" {
			continue
		}
		out = append(out, kv)
	}
	// the drills pay through the sandbox and mail into the development mailbox
	return append(append(out, "RATE_LIMITS=false", "PAYMENTS_SANDBOX=true", "MAIL_DEV_MAILBOX=true"), extra...)
}

// run starts the server binary (this test binary as the server) with args.
func run(t testing.TB, extraEnv []string, args ...string) *child {
	t.Helper()
	raw, _ := json.Marshal(args)
	c := &child{t: t, out: &lockedBuffer{}, done: make(chan struct{})}
	c.cmd = exec.Command(os.Args[0], "-test.run=^$")
	c.cmd.Env = append(extraEnv, childEnv+"="+string(raw))
	c.cmd.Stdout, c.cmd.Stderr = c.out, c.out
	if err := c.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { c.err = c.cmd.Wait(); close(c.done) }()
	t.Cleanup(func() {
		select {
		case <-c.done:
		default:
			_ = c.cmd.Process.Kill()
			<-c.done
		}
		if t.Failed() {
			t.Logf("output of %v:\n%s", args, c.out.String())
		}
	})
	return c
}

// wait waits for the child to exit and returns its exit code.
func (c *child) wait(limit time.Duration) int {
	c.t.Helper()
	select {
	case <-c.done:
	case <-time.After(limit):
		c.t.Fatalf("the process did not exit within %s", limit)
	}
	if c.err == nil {
		return 0
	}
	if ee := (*exec.ExitError)(nil); errors.As(c.err, &ee) {
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			return -int(ws.Signal())
		}
		return ee.ExitCode()
	}
	c.t.Fatal(c.err)
	return -1
}

func (c *child) signal(sig os.Signal) {
	c.t.Helper()
	if err := c.cmd.Process.Signal(sig); err != nil {
		c.t.Fatal(err)
	}
}

func freeAddr(t testing.TB) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

// serve starts `serve` on dataDir and waits until /api/health answers.
func serve(t testing.TB, dataDir string, extraEnv ...string) *child {
	t.Helper()
	addr := freeAddr(t)
	url := "http://" + addr
	c := run(t, env(append([]string{"APP_URL=" + url}, extraEnv...)...), "serve", "--http", addr, "--dir", dataDir)
	c.URL = url
	testutil.Eventually(t, 60*time.Second, "the server to answer /api/health", func() bool {
		select {
		case <-c.done:
			t.Fatalf("the server exited at start: %v", c.err)
		default:
		}
		res, err := http.Get(url + "/api/health")
		if err != nil {
			return false
		}
		res.Body.Close()
		return res.StatusCode == 200
	})
	return c
}

// member is a browser: a cookie jar and the app's origin on every request.
type member struct {
	t      testing.TB
	base   string
	client *http.Client
	ID     string
}

func newMember(t testing.TB, base string) *member {
	jar, _ := cookiejar.New(nil)
	return &member{t: t, base: base, client: &http.Client{Jar: jar, Timeout: 30 * time.Second}}
}

// do sends a JSON request and decodes the answer into out (when not nil);
// it fails the test unless the status is want.
func (m *member) do(method, path string, body any, want int, out any) {
	m.t.Helper()
	if err := m.try(method, path, body, want, out); err != nil {
		m.t.Fatal(err)
	}
}

func (m *member) try(method, path string, body any, want int, out any) error {
	var r io.Reader
	if body != nil {
		raw, _ := json.Marshal(body)
		r = bytes.NewReader(raw)
	}
	req, _ := http.NewRequest(method, m.base+path, r)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Origin", m.base)
	res, err := m.client.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	if res.StatusCode != want {
		return fmt.Errorf("%s %s: %d %s (want %d)", method, path, res.StatusCode, raw, want)
	}
	if out != nil {
		return json.Unmarshal(raw, out)
	}
	return nil
}

func register(t testing.TB, base, username string) *member {
	m := newMember(t, base)
	var user struct{ ID string }
	m.do("POST", "/api/register", map[string]any{"displayName": "Member " + username, "username": username, "password": "secret123"}, 201, &user)
	m.ID = user.ID
	return m
}

// subscribe pays for a plan in the payments sandbox.
func (m *member) subscribe() {
	var order struct{ OrderID string }
	m.do("POST", "/api/payments/create-subscription", map[string]any{"planId": "monthly"}, 200, &order)
	var paid map[string]any
	m.do("POST", "/api/payments/sandbox/pay", map[string]any{"orderId": order.OrderID}, 200, &paid)
	delete(paid, "sandbox")
	var user struct{ SubscriptionActive bool }
	m.do("POST", "/api/payments/verify-subscription", paid, 200, &user)
	if !user.SubscriptionActive {
		m.t.Fatal("the sandbox payment did not activate the plan")
	}
}

// dump reads every row of every table of a SQLite file, as text.
func dump(t testing.TB, path string) map[string][]string {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var tables []string
	rows, err := db.Query(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var name string
		_ = rows.Scan(&name)
		tables = append(tables, name)
	}
	rows.Close()
	out := map[string][]string{}
	for _, table := range tables {
		rows, err := db.Query(`SELECT * FROM "` + table + `"`)
		if err != nil {
			t.Fatal(err)
		}
		cols, _ := rows.Columns()
		var lines []string
		for rows.Next() {
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				t.Fatal(err)
			}
			lines = append(lines, fmt.Sprintf("%q", vals))
		}
		rows.Close()
		sort.Strings(lines)
		out[table] = lines
	}
	return out
}

// sameRows fails the test at the first table whose rows differ.
func sameRows(t testing.TB, name string, want, got map[string][]string) {
	t.Helper()
	for table, rows := range want {
		other, ok := got[table]
		if !ok {
			t.Errorf("%s: table %s is missing after the restore", name, table)
			continue
		}
		if strings.Join(rows, "\n") != strings.Join(other, "\n") {
			t.Errorf("%s: table %s differs after the restore: %d rows before, %d after", name, table, len(rows), len(other))
		}
	}
	for table := range got {
		if _, ok := want[table]; !ok {
			t.Errorf("%s: table %s appeared after the restore", name, table)
		}
	}
}

func count(t testing.TB, path, query string, args ...any) int {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var n int
	if err := db.QueryRow(query, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// walSize is the size of path's WAL (0 when there is none).
func walSize(path string) int64 {
	fi, err := os.Stat(path + "-wal")
	if err != nil {
		return 0
	}
	return fi.Size()
}

// unCheckpointed tells how many frames of path's WAL are not yet copied into
// the database file (from the WAL index: mxFrame and nBackfill, native
// byte order; SQLite's file format, "The WAL-Index Format").
func unCheckpointed(t testing.TB, path string) int {
	t.Helper()
	if walSize(path) == 0 {
		return 0
	}
	shm, err := os.ReadFile(path + "-shm")
	if err != nil || len(shm) < 136 {
		t.Fatalf("%s-wal without a readable index: %v", path, err)
	}
	if v := binary.LittleEndian.Uint32(shm[0:]); v != 3007000 {
		t.Fatalf("%s-shm: unknown WAL index version %d", path, v)
	}
	mxFrame, nBackfill := binary.LittleEndian.Uint32(shm[16:]), binary.LittleEndian.Uint32(shm[96:])
	return int(mxFrame) - int(nBackfill)
}

func fileURL(dir string) string { return "file://" + filepath.ToSlash(dir) }

// shipped waits until the replica holds the named members: a restore of it
// into a fresh directory (beside the running server, which it leaves
// alone: a restore only reads the replica) finds every one of them. What
// Litestream has shipped is the condition, not a time it usually takes.
func shipped(t testing.TB, replicaEnv []string, usernames ...string) {
	t.Helper()
	parent := t.TempDir()
	tries := 0
	testutil.Eventually(t, 30*time.Second, fmt.Sprintf("the replica to hold %v", usernames), func() bool {
		tries++
		dir := filepath.Join(parent, strconv.Itoa(tries))
		if run(t, env(replicaEnv...), "restore", "--dir", dir).wait(30*time.Second) != 0 {
			return false // nothing shipped yet
		}
		for _, name := range usernames {
			if !hasUser(t, filepath.Join(dir, "data.db"), name) {
				return false
			}
		}
		return true
	})
}

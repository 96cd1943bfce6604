package main

// What the real server prints when it starts, from main() itself: the test
// binary re-executes itself as the server (TestMain), starts it on a fresh
// data directory, stops it with SIGTERM (which writes out the last logs)
// and reads everything it printed.

import (
	"bytes"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"sponsorbridge/pb/internal/testutil"
)

const childEnv = "SB_MAIN_TEST_CHILD"

func TestMain(m *testing.M) {
	if os.Getenv(childEnv) != "" {
		os.Args = append([]string{os.Args[0]}, strings.Fields(os.Getenv(childEnv))...)
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

type output struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (o *output) Write(p []byte) (int, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.buf.Write(p)
}

func (o *output) String() string {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.buf.String()
}

// start runs the server with env on a fresh data directory until it
// answers, then stops it; it returns what it printed and the directory.
func start(t *testing.T, env ...string) (out string, dataDir, url string) {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	_ = l.Close()
	dataDir = filepath.Join(t.TempDir(), "pb_data")
	public := t.TempDir()
	if err := os.WriteFile(filepath.Join(public, "index.html"), []byte(`<div id="root"></div>`), 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append([]string{"PATH=" + os.Getenv("PATH"), "HOME=" + t.TempDir(),
		childEnv + "=serve --http " + addr + " --dir " + dataDir + " --publicDir " + public}, env...)
	var o output
	cmd.Stdout, cmd.Stderr = &o, &o
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	defer func() {
		if t.Failed() {
			_ = cmd.Process.Kill() // when it has not stopped
			t.Logf("output:\n%s", o.String())
		}
	}()
	url = "http://" + addr
	testutil.Eventually(t, 60*time.Second, "the server to answer /api/health", func() bool {
		select {
		case err := <-done:
			t.Fatalf("the server exited at start: %v", err)
		default:
		}
		res, err := http.Get(url + "/api/health")
		if err != nil {
			return false
		}
		_ = res.Body.Close()
		return res.StatusCode == http.StatusOK
	})
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("the server exited with %v", err)
		}
	case <-time.After(60 * time.Second):
		_ = cmd.Process.Kill()
		t.Fatal("still running a minute after SIGTERM")
	}
	return o.String(), dataDir, url
}

// startLines are the lines printed, less the shutdown's own.
func startLines(out string) []string {
	var lines []string
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		if !strings.Contains(line, `msg="Shutting down`) && !strings.Contains(line, `msg="Shutdown:`) {
			lines = append(lines, line)
		}
	}
	return lines
}

func TestDemoStartSaysOneCalmLine(t *testing.T) {
	t.Parallel()
	out, _, url := start(t, "DEMO_MODE=true", "DEMO_PASSWORD=demo-pass-42")
	lines := startLines(out)
	want := fmt.Sprintf(`msg="SponsorBridge demo: open %s and sign in as admin" password=demo-pass-42 passwordFrom=DEMO_PASSWORD`, url)
	if len(lines) != 1 || !strings.Contains(lines[0], want) {
		t.Fatalf("a demo start printed %d lines, want the one with %q:\n%s", len(lines), want, out)
	}
	if !strings.HasPrefix(lines[0], "time=") || !strings.Contains(lines[0], " level=INFO ") {
		t.Errorf("the demo line is not in the log format: %s", lines[0])
	}
}

func TestProductionStartSpeaksOneFormat(t *testing.T) {
	t.Parallel()
	out, dataDir, url := start(t, "PB_ENCRYPTION_KEY=0123456789abcdef0123456789abcdef")
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		if !strings.HasPrefix(line, "time=") || !strings.Contains(line, " level=") || !strings.Contains(line, " msg=") {
			t.Errorf("a line not in the log format: %q", line)
		}
	}
	if n := strings.Count(out, "BACKUPS ARE OFF"); n != 1 {
		t.Errorf("BACKUPS ARE OFF said %d times, want once", n)
	}
	for _, want := range []string{
		`msg="Server started" url=` + url,
		`msg="No superuser yet: create one for the dashboard (/_/) with the command below" command="`,
		" superuser upsert EMAIL PASSWORD --dir " + dataDir + `"`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the start lacks %q", want)
		}
	}
	// nobody set anything in the dashboard of a fresh data directory
	for _, notWant := range []string{"replaces the value stored in the dashboard", "pbinstall", "go run .", "!!!", "├─"} {
		if strings.Contains(out, notWant) {
			t.Errorf("the start has %q", notWant)
		}
	}
}

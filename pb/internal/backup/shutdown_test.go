package backup_test

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"sponsorbridge/pb/internal/testutil"
)

// TestGracefulShutdown: SIGTERM while a realtime stream is open and a slow
// request is in flight (its body still arriving). The listener closes at
// once, the stream ends cleanly, the slow request still gets its whole
// answer 1.5 s later (PocketBase alone gives requests one second and
// cancels them), and the process exits 0 with data.db's WAL checkpointed.
// Without backup settings the start warns on stdout.
func TestGracefulShutdown(t *testing.T) {
	t.Parallel()
	data := filepath.Join(t.TempDir(), "pb_data")
	existingSite(t, data)
	srv := serve(t, data)
	if !strings.Contains(srv.out.String(), "BACKUPS ARE OFF") {
		t.Errorf("no loud warning without backup settings:\n%s", srv.out.String())
	}
	register(t, srv.URL, "priya") // something in the WAL
	addr := strings.TrimPrefix(srv.URL, "http://")

	// A realtime stream, connected.
	res, err := http.Get(srv.URL + "/api/realtime")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	stream := bufio.NewReader(res.Body)
	for {
		line, err := stream.ReadString('\n')
		if err != nil {
			t.Fatalf("realtime stream before the shutdown: %v", err)
		}
		if strings.HasPrefix(line, "event:PB_CONNECT") {
			break
		}
	}

	// A slow request: the headers and part of the body now, the rest later.
	// It expects "100 Continue", which the server sends when the handler
	// starts reading the body: then the request is in flight.
	body := `{"username":"priya","password":"not-her-password"}`
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprintf(conn, "POST /api/login HTTP/1.1\r\nHost: %s\r\nOrigin: %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\n"+
		"Expect: 100-continue\r\n\r\n%s", addr, srv.URL, len(body), body[:10])
	answers := bufio.NewReader(conn)
	_ = conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	goOn, err := http.ReadResponse(answers, nil)
	if err != nil {
		t.Fatalf("the slow request is not in flight: no 100 Continue within 10 s: %v", err)
	}
	if goOn.StatusCode != http.StatusContinue {
		t.Fatalf("the slow request was answered %q before its body came, want 100 Continue", goOn.Status)
	}

	sent := time.Now()
	srv.signal(syscall.SIGTERM)

	// The stream ends cleanly (end of the chunked body, not a reset).
	streamEnd := make(chan error, 1)
	go func() {
		_, err := io.Copy(io.Discard, stream)
		streamEnd <- err
	}()
	select {
	case err := <-streamEnd:
		if err != nil {
			t.Errorf("the realtime stream ended with %v, want a clean end", err)
		}
	case <-time.After(5 * time.Second):
		t.Error("the realtime stream was still open 5 s after SIGTERM")
	}

	// No new connections.
	testutil.Eventually(t, 3*time.Second, "the server to refuse new connections after SIGTERM", func() bool {
		c, err := net.DialTimeout("tcp", addr, 200*time.Millisecond)
		if err != nil {
			return true
		}
		c.Close()
		return false
	})

	// The slow request completes. This pause is the scenario, not a wait:
	// the client sends the rest of the body 1.5 s after SIGTERM, longer
	// than the second PocketBase alone gives a request in flight.
	time.Sleep(time.Until(sent.Add(1500 * time.Millisecond)))
	if _, err := io.WriteString(conn, body[10:]); err != nil {
		t.Fatalf("sending the rest of the body 1.5 s after SIGTERM: %v", err)
	}
	_ = conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	answer, err := http.ReadResponse(answers, nil)
	if err != nil {
		t.Fatalf("the request in flight got no answer: %v", err)
	}
	raw, err := io.ReadAll(answer.Body)
	if err != nil || answer.StatusCode != 401 || !strings.Contains(string(raw), "Invalid username or password.") {
		t.Fatalf("the request in flight: %d %s %v, want 401 'Invalid username or password.'", answer.StatusCode, raw, err)
	}

	if code := srv.wait(15 * time.Second); code != 0 {
		t.Fatalf("exit code %d after SIGTERM, want 0", code)
	}
	t.Logf("exited %s after SIGTERM", time.Since(sent).Round(time.Millisecond))
	if n := walSize(filepath.Join(data, "data.db")); n != 0 {
		t.Errorf("data.db-wal holds %d bytes after the exit: not checkpointed", n)
	}
	if n := count(t, filepath.Join(data, "data.db"), `SELECT count(*) FROM users WHERE username = 'priya'`); n != 1 {
		t.Errorf("%d members named priya after the restart, want 1", n)
	}
}

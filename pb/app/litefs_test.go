package app_test

import (
	"bufio"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/dbx"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/litefs"
	"sponsorbridge/pb/internal/testutil"
)

// Under LiteFS (LITEFS_DIR): when LiteFS makes this server a replica while
// it runs (its .primary file appears), the member's open realtime stream
// ends (the page reconnects, through LiteFS's proxy, to the new primary),
// and data.db, now LiteFS's to write, is no longer checkpointed here; back
// as the primary, it is again.
func TestADemotedPrimaryEndsItsStreamsAndLeavesDataDBAlone(t *testing.T) {
	t.Parallel()
	cfg := testutil.Config()
	cfg.LiteFSDir = t.TempDir()
	a := apptest.NewApp(t, cfg)
	defer a.Cleanup()
	srv := testutil.Serve(t, a)
	member := testutil.CreateMember(t, a, "ana", testutil.MemberOpts{})
	cookie := testutil.Cookie(t, member)["Cookie"]

	req, _ := http.NewRequest(http.MethodGet, srv.URL+"/api/realtime", nil)
	req.Header.Set("Cookie", cookie)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	r := bufio.NewReader(res.Body)
	var clientID string
	for clientID == "" {
		line, err := r.ReadString('\n')
		if err != nil {
			t.Fatalf("no PB_CONNECT: %v", err)
		}
		if data, ok := strings.CutPrefix(strings.TrimSpace(line), `data:{"clientId":"`); ok {
			clientID = strings.TrimSuffix(data, `"}`)
		}
	}
	sub, _ := http.NewRequest(http.MethodPost, srv.URL+"/api/realtime",
		strings.NewReader(`{"clientId":"`+clientID+`","subscriptions":["messages/*"]}`))
	sub.Header.Set("Content-Type", "application/json")
	sub.Header.Set("Cookie", cookie)
	sub.Header.Set("Origin", srv.URL)
	if answer, err := http.DefaultClient.Do(sub); err != nil || answer.StatusCode != http.StatusNoContent {
		t.Fatalf("subscribing: %v %v", answer, err)
	}

	// LiteFS names another machine the primary
	if err := os.WriteFile(filepath.Join(cfg.LiteFSDir, litefs.PrimaryFile), []byte("other-machine"), 0o644); err != nil {
		t.Fatal(err)
	}
	ended := make(chan error, 1)
	go func() {
		_, err := io.Copy(io.Discard, r)
		ended <- err
	}()
	select {
	case err := <-ended:
		if err != nil {
			t.Fatalf("the stream broke instead of ending: %v", err)
		}
	case <-time.After(3*litefs.WatchEvery + 2*time.Second):
		t.Fatal("the demoted server kept the member's stream open")
	}

	size := func() int64 {
		t.Helper()
		st, err := os.Stat(filepath.Join(a.DataDir(), "data.db"))
		if err != nil {
			t.Fatal(err)
		}
		return st.Size()
	}
	db := a.NonconcurrentDB()
	if _, err := db.NewQuery("CREATE TABLE probe_pages (b BLOB)").Execute(); err != nil {
		t.Fatal(err)
	}
	if _, err := db.NewQuery("PRAGMA wal_checkpoint(TRUNCATE)").Execute(); err != nil {
		t.Fatal(err)
	}
	before := size()
	for range 20 {
		if _, err := db.Insert("probe_pages", dbx.Params{"b": make([]byte, 16_000)}).Execute(); err != nil {
			t.Fatal(err)
		}
	}
	time.Sleep(4 * 250 * time.Millisecond) // four rounds of the background checkpoint
	if got := size(); got != before {
		t.Fatalf("data.db grew from %d to %d bytes on a replica: it was checkpointed", before, got)
	}

	// promoted again: data.db is checkpointed
	if err := os.Remove(filepath.Join(cfg.LiteFSDir, litefs.PrimaryFile)); err != nil {
		t.Fatal(err)
	}
	testutil.Eventually(t, 3*litefs.WatchEvery+2*time.Second, "data.db to be checkpointed on the primary", func() bool {
		return size() >= before+20*16_000
	})
}

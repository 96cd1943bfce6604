package backup_test

import (
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"sponsorbridge/pb/internal/testutil"
)

// syncInterval is LITESTREAM_SYNC_INTERVAL in the drills: short, so the
// drills are quick; the production default is 1 s.
const syncInterval = 250 * time.Millisecond

// leaseTTL is LITESTREAM_LEASE_TTL in the drills: a start after a SIGKILL
// waits for it (the production default is 30 s).
const leaseTTL = 3 * time.Second

// newSite is the setting a first start on an empty replica needs.
const newSite = "LITESTREAM_NEW_SITE=true"

func backupEnv(replica string) []string {
	return []string{
		"LITESTREAM_REPLICA_URL=" + fileURL(replica),
		"LITESTREAM_SYNC_INTERVAL=" + syncInterval.String(),
		"LITESTREAM_LOGS_SYNC_INTERVAL=1s",
		"LITESTREAM_LEASE_TTL=" + leaseTTL.String(),
	}
}

// TestRestoreDrill: members, listings, messages and payments written through
// the API, a graceful stop, the data directory wiped, `restore`, and every
// row of every table of both databases compared; then the restored server
// starts and serves the data, and a second restore into a non-empty
// directory is refused.
func TestRestoreDrill(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	data, replica := filepath.Join(root, "pb_data"), filepath.Join(root, "replica")

	const token = "drill-metrics-token-0123456789"
	srv := serve(t, data, append(backupEnv(replica), newSite, "METRICS_TOKEN="+token)...)
	if !strings.Contains(srv.out.String(), "Backups on") {
		t.Fatalf("no 'Backups on' line at start:\n%s", srv.out.String())
	}
	priya := register(t, srv.URL, "priya")
	arjun := register(t, srv.URL, "arjun")
	priya.subscribe()
	arjun.subscribe()
	var offer struct{ ID string }
	priya.do("POST", "/api/sponsorships", map[string]any{
		"title": "School robotics kit", "description": "Kits for ten schools", "amount": 25000,
		"location": "Pune", "categories": []string{"Education"},
	}, 201, &offer)
	arjun.do("POST", "/api/sponsorship-requests", map[string]any{
		"title": "Hackathon venue", "description": "Two days, 200 students", "requestedAmount": 40000,
		"eventDate": time.Now().AddDate(0, 2, 0).UTC().Format(time.RFC3339), "location": "Mumbai",
		"categories": []string{"Technology"},
	}, 201, nil)
	var conv struct{ ID string }
	priya.do("POST", "/api/conversations", map[string]any{"userId": arjun.ID}, 201, &conv)
	for i := range 3 {
		priya.do("POST", "/api/conversations/"+conv.ID+"/messages", map[string]any{"body": fmt.Sprintf("Hello %d", i)}, 201, nil)
	}
	arjun.do("POST", "/api/conversations/"+conv.ID+"/messages", map[string]any{"body": "Hi Priya"}, 201, nil)
	arjun.do("POST", "/api/sponsorships/"+offer.ID+"/apply", map[string]any{"message": "We'd love the kits"}, 201, nil)

	// The replication lag is exported: data.db shipped within seconds.
	lags := []float64{}
	testutil.Eventually(t, 10*time.Second, "the replication lag of data.db to be a few seconds at most", func() bool {
		lag := replicationLag(t, srv.URL, token, "data")
		lags = append(lags, lag)
		return lag >= 0 && lag <= 5
	})
	t.Logf("replication lag of data.db read %d times, last %.1f s", len(lags), lags[len(lags)-1])

	dataDB, auxDB := filepath.Join(data, "data.db"), filepath.Join(data, "auxiliary.db")
	srv.signal(syscall.SIGTERM)
	if code := srv.wait(30 * time.Second); code != 0 {
		t.Fatalf("exit code %d after SIGTERM, want 0", code)
	}
	for _, db := range []string{dataDB, auxDB} {
		if n := unCheckpointed(t, db); n != 0 {
			t.Errorf("%s: %d WAL frames not checkpointed after the stop", filepath.Base(db), n)
		}
	}
	for table, want := range map[string]int{"users": 2, "payments": 2, "sponsorships": 1, "sponsorship_requests": 1, "messages": 4, "applications": 1} {
		if n := count(t, dataDB, `SELECT count(*) FROM `+table); n < want {
			t.Fatalf("before the wipe: %d rows in %s, want at least %d", n, table, want)
		}
	}
	// A plain restart ships what changed, not a new full copy.
	before := l0Files(t, replica)
	srv = serve(t, data, backupEnv(replica)...)
	srv.signal(syscall.SIGTERM)
	if code := srv.wait(30 * time.Second); code != 0 {
		t.Fatalf("exit code %d after SIGTERM, want 0", code)
	}
	var first int64
	for _, size := range before {
		first = max(first, size)
	}
	if first <= 16<<10 {
		t.Fatalf("the first full copy is only %d bytes: the check below cannot tell a full copy", first)
	}
	for name, size := range l0Files(t, replica) {
		if _, ok := before[name]; !ok && size > 16<<10 {
			t.Errorf("a restart uploaded %s, %d bytes: a full snapshot", name, size)
		}
	}

	wantMessages := count(t, dataDB, `SELECT count(*) FROM messages WHERE conversation = ?`, conv.ID)
	wantData, wantAux := dump(t, dataDB), dump(t, auxDB)
	if len(wantAux["_logs"]) == 0 {
		t.Fatal("auxiliary.db has no logs to compare")
	}

	if err := os.RemoveAll(data); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	restore := run(t, env(backupEnv(replica)...), "restore", "--dir", data)
	if code := restore.wait(30 * time.Second); code != 0 {
		t.Fatalf("restore exited %d:\n%s", code, restore.out.String())
	}
	t.Logf("restore took %s", time.Since(start).Round(time.Millisecond))
	sameRows(t, "data.db", wantData, dump(t, dataDB))
	sameRows(t, "auxiliary.db", wantAux, dump(t, auxDB))

	// The restored directory serves: sign in, read the listing and the messages.
	srv = serve(t, data, backupEnv(replica)...)
	again := newMember(t, srv.URL)
	again.do("POST", "/api/login", map[string]any{"username": "priya", "password": "secret123"}, 200, nil)
	var msgs []map[string]any
	again.do("GET", "/api/conversations/"+conv.ID+"/messages", nil, 200, &msgs)
	if len(msgs) != wantMessages {
		t.Errorf("%d messages after the restore, want %d", len(msgs), wantMessages)
	}
	testutil.Eventually(t, 20*time.Second, "the restored offer (503 while the index loads)", func() bool {
		return again.try("GET", "/api/sponsorships/"+offer.ID, nil, 200, nil) == nil
	})
	srv.signal(syscall.SIGTERM)
	if code := srv.wait(30 * time.Second); code != 0 {
		t.Fatalf("exit code %d after SIGTERM, want 0", code)
	}

	refused := run(t, env(backupEnv(replica)...), "restore", "--dir", data)
	if code := refused.wait(30 * time.Second); code == 0 || !strings.Contains(refused.out.String(), "refusing to restore into") {
		t.Fatalf("a restore into a non-empty directory: exit %d, output:\n%s", code, refused.out.String())
	}
}

// TestRestoreAfterKill: messages are written as fast as the server takes
// them, the server is killed with SIGKILL (a host that dies), the volume is
// lost, and a new server on an empty directory restores itself at start:
// every message acknowledged more than the replication lag before the kill
// is there.
func TestRestoreAfterKill(t *testing.T) {
	root := t.TempDir()
	data, replica := filepath.Join(root, "pb_data"), filepath.Join(root, "replica")
	existingSite(t, data)
	srv := serve(t, data, backupEnv(replica)...)
	priya := register(t, srv.URL, "priya")
	arjun := register(t, srv.URL, "arjun")
	var conv struct{ ID string }
	priya.do("POST", "/api/conversations", map[string]any{"userId": arjun.ID}, 201, &conv)

	type ack struct {
		id string
		at time.Time
	}
	var acks []ack
	// a steady member's pace (50 a second), not a flood: the drill is about
	// what was acknowledged when, and a flood only burns the machine's CPU
	pace := time.NewTicker(20 * time.Millisecond)
	defer pace.Stop()
	stop := time.Now().Add(4 * time.Second)
	for i := 0; time.Now().Before(stop); i++ {
		<-pace.C
		var msg struct{ ID string }
		priya.do("POST", "/api/conversations/"+conv.ID+"/messages", map[string]any{"body": fmt.Sprintf("message %d", i)}, 201, &msg)
		acks = append(acks, ack{msg.ID, time.Now()})
	}
	killedAt := time.Now()
	srv.signal(syscall.SIGKILL)
	srv.wait(10 * time.Second)

	// The lag: Litestream turns WAL frames into a file every interval and
	// uploads every interval; the rest allows for a loaded test machine.
	lag := 2*syncInterval + 2*time.Second
	if err := os.RemoveAll(data); err != nil {
		t.Fatal(err)
	}
	srv = serve(t, data, backupEnv(replica)...) // restores at start
	if !strings.Contains(srv.out.String(), "restored it from") {
		t.Fatalf("no restore at start:\n%s", srv.out.String())
	}
	srv.signal(syscall.SIGTERM)
	if code := srv.wait(30 * time.Second); code != 0 {
		t.Fatalf("exit code %d after SIGTERM, want 0", code)
	}
	dataDB := filepath.Join(data, "data.db")
	var old, oldPresent, recentPresent int
	for _, a := range acks {
		present := count(t, dataDB, `SELECT count(*) FROM messages WHERE id = ?`, a.id) == 1
		if killedAt.Sub(a.at) > lag {
			old++
			if present {
				oldPresent++
			} else {
				t.Errorf("message %s, acknowledged %s before the kill, is missing", a.id, killedAt.Sub(a.at).Round(time.Millisecond))
			}
		} else if present {
			recentPresent++
		}
	}
	t.Logf("%d messages acknowledged; %d older than %s before the kill, all present: %v; %d of the %d newer ones present too",
		len(acks), old, lag, old == oldPresent, recentPresent, len(acks)-old)
	if old < 10 {
		t.Fatalf("only %d messages older than the lag: the drill proves nothing", old)
	}
}

// l0Files lists the replica's level-0 files of data.db with their sizes.
func l0Files(t testing.TB, replica string) map[string]int64 {
	t.Helper()
	entries, err := os.ReadDir(filepath.Join(replica, "data.db", "ltx", "0"))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]int64{}
	for _, e := range entries {
		if info, err := e.Info(); err == nil {
			out[e.Name()] = info.Size()
		}
	}
	return out
}

// TestPointInTimeAtNextStart: going back in time on a machine whose only
// process is the server. `restore --timestamp T --at-next-start` runs beside
// the live server, the next start swaps the restored databases in (the
// replaced ones kept aside), the member registered after T is gone, and the
// history goes on from there: a later restore of the latest state has the
// members from before T and after the swap, not the one undone.
func TestPointInTimeAtNextStart(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	data, replica := filepath.Join(root, "pb_data"), filepath.Join(root, "replica")
	dataDB := filepath.Join(data, "data.db")
	users := func(path string) map[string]bool {
		out := map[string]bool{}
		for _, name := range []string{"before", "after", "later"} {
			out[name] = count(t, path, `SELECT count(*) FROM users WHERE username = ?`, name) == 1
		}
		return out
	}

	existingSite(t, data)
	srv := serve(t, data, backupEnv(replica)...)
	register(t, srv.URL, "before")
	// "before" is in the replica before T is read, so the file that holds
	// it is older than T; "after" is written after T, so the file that
	// holds it is newer
	shipped(t, backupEnv(replica), "before")
	at := time.Now().UTC()
	register(t, srv.URL, "after")
	shipped(t, backupEnv(replica), "before", "after")

	restore := run(t, env(backupEnv(replica)...), "restore", "--dir", data, "--timestamp", at.Format(time.RFC3339Nano), "--at-next-start")
	if code := restore.wait(30 * time.Second); code != 0 {
		t.Fatalf("restore --at-next-start exited %d:\n%s", code, restore.out.String())
	}
	// Another command beside the live server (as over fly ssh console)
	// leaves the pending restore alone: only the server swaps.
	su := run(t, env(backupEnv(replica)...), "superuser", "upsert", "ops@example.com", "secret123456", "--dir", data)
	if code := su.wait(30 * time.Second); code != 0 || strings.Contains(su.out.String(), "swapped") {
		t.Fatalf("superuser upsert beside the server: exit %d:\n%s", code, su.out.String())
	}
	if _, err := os.Stat(filepath.Join(data, "restore-pending", "COMPLETE")); err != nil {
		t.Fatalf("the pending restore is gone before the server restarted: %v", err)
	}
	srv.signal(syscall.SIGTERM)
	if code := srv.wait(30 * time.Second); code != 0 {
		t.Fatalf("exit code %d after SIGTERM, want 0", code)
	}

	srv = serve(t, data, backupEnv(replica)...)
	if !strings.Contains(srv.out.String(), "swapped in the restored databases") {
		t.Fatalf("no swap at start:\n%s", srv.out.String())
	}
	register(t, srv.URL, "later")
	srv.signal(syscall.SIGTERM)
	if code := srv.wait(30 * time.Second); code != 0 {
		t.Fatalf("exit code %d after SIGTERM, want 0", code)
	}
	if got := users(dataDB); !got["before"] || got["after"] || !got["later"] {
		t.Fatalf("members after the swap: %v, want before and later", got)
	}
	aside, _ := filepath.Glob(filepath.Join(data, "replaced-*", "data.db"))
	if len(aside) != 1 || !users(aside[0])["after"] {
		t.Fatalf("the replaced data.db was not kept aside with its data: %v", aside)
	}

	if err := os.RemoveAll(data); err != nil {
		t.Fatal(err)
	}
	latest := run(t, env(backupEnv(replica)...), "restore", "--dir", data)
	if code := latest.wait(30 * time.Second); code != 0 {
		t.Fatalf("restore exited %d:\n%s", code, latest.out.String())
	}
	if got := users(dataDB); !got["before"] || got["after"] || !got["later"] {
		t.Fatalf("members in the latest backup after going back in time: %v, want before and later", got)
	}
}

// replicationLag reads sponsorbridge_backup_replication_lag_seconds{db} from
// /api/metrics with the scraper's token.
func replicationLag(t *testing.T, base, token, db string) float64 {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, base+"/api/metrics", nil)
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	prefix := `sponsorbridge_backup_replication_lag_seconds{db="` + db + `"} `
	for _, line := range strings.Split(string(body), "\n") {
		if v, ok := strings.CutPrefix(line, prefix); ok {
			f, err := strconv.ParseFloat(v, 64)
			if err != nil {
				t.Fatal(err)
			}
			return f
		}
	}
	t.Fatalf("no %s line in /api/metrics (%d):\n%s", prefix, res.StatusCode, body)
	return 0
}

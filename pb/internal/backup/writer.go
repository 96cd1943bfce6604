package backup

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"syscall"
	"time"

	"sponsorbridge/pb/internal/config"
	"sponsorbridge/pb/internal/logline"
)

// The single-writer guard. Two servers replicating to one replica (a
// second machine after `fly scale count 2` or `fly machine clone`) each
// ship their own history, and a restore keeps one machine's writes and
// loses the other's. So the serving process holds a lease, an object in
// the replica beside the databases, naming its machine and data directory;
// a second server refuses to start while the lease is renewed, and the
// holder ships nothing when it cannot renew (the fence). The rules are in
// docs/operations.md, "Exactly one writer".

const (
	// leaseName is the lease object, beside data.db/ and auxiliary.db/.
	leaseName = "sponsorbridge-writer.json"
	// markName, in the data directory, names the directory (instance) and
	// the lease version its data last wrote under or was restored at.
	markName = ".sponsorbridge-writer.json"
)

// writerLease is the lease object. Seq grows with every write of it
// (acquire, renewal, release); Generation with every change of holder.
//
// Process, Host and PID name the serving process: two processes with the
// same machine id and data directory id (a copied data directory started
// with the same FLY_MACHINE_ID) are told apart by them.
type writerLease struct {
	Machine    string    `json:"machine"`
	Instance   string    `json:"instance"`
	Process    string    `json:"process,omitempty"`
	Host       string    `json:"host,omitempty"`
	PID        int       `json:"pid,omitempty"`
	Generation int64     `json:"generation"`
	Seq        int64     `json:"seq"`
	RenewedAt  time.Time `json:"renewedAt"`
	ExpiresAt  time.Time `json:"expiresAt"`
	Released   bool      `json:"released"`
}

func (l *writerLease) String() string {
	return fmt.Sprintf("machine %s (data directory %s, generation %d)", l.Machine, l.Instance, l.Generation)
}

// predecessor tells whether the lease, written with this machine id and
// data directory id, was written by this process's predecessor on the
// directory, now gone: on this host, by a process that no longer runs (or
// by a process with this one's pid: a restarted VM), or before leases
// named their process. The data directory's lock (dirlock.go) rules out a
// live server on this very directory; a live process elsewhere is a copy.
func (l *writerLease) predecessor() bool {
	if l.Process == "" {
		return true
	}
	if l.Host != hostName {
		return false
	}
	if l.PID == os.Getpid() {
		return true
	}
	err := syscall.Kill(l.PID, 0)
	return err != nil && !errors.Is(err, syscall.EPERM)
}

// processID tells this serving process apart in the lease: random, new at
// every start.
var processID = newInstanceID()

// hostName names this host in the lease.
var hostName, _ = os.Hostname()

// live tells whether the lease still holds at now.
func (l *writerLease) live(now time.Time) bool { return !l.Released && now.Before(l.ExpiresAt) }

// writerGuard holds the lease for one serving process.
type writerGuard struct {
	store   leaseStore
	where   string
	machine string
	dataDir string
	ttl     time.Duration
	say     func(string)

	mu         sync.Mutex
	lease      writerLease // as last written by us
	version    string
	validUntil time.Time // uploads stop after this without a renewal
	// answered is when the last renewal answered, renewed or failed (the
	// acquisition at first): renewals are tried every quarter of the TTL,
	// so a longer gap means the process did not run (frozen, stalled).
	answered time.Time
	lost     bool
	// usedTakeover: LITESTREAM_TAKEOVER let this start take the lease
	// over with a data.db that may be older than the backup.
	usedTakeover bool
	stop         chan struct{}
	done         chan struct{}
	onLost       func(msg string)
}

// errNotWriter is what the fence answers Litestream while the lease is not
// known to be held.
var errNotWriter = errors.New("backup: not uploading: this server does not hold the replica's writer lease (docs/operations.md, \"Exactly one writer\")")

func newWriterGuard(ctx context.Context, b config.Backup, dataDir string, say func(string)) (*writerGuard, error) {
	store, err := newLeaseStore(ctx, b)
	if err != nil {
		return nil, err
	}
	return &writerGuard{store: store, where: Describe(b.ReplicaURL), machine: b.Machine, dataDir: dataDir, ttl: b.LeaseTTL, say: say}, nil
}

// acquire takes the lease before the server opens its databases, or
// explains why not. A lease held by another server is waited for until it
// expires; one that its holder renews meanwhile means that server is alive.
func (g *writerGuard) acquire(ctx context.Context, takeover bool) error {
	mark, err := readMark(g.dataDir)
	if err != nil {
		return err
	}
	_, statErr := os.Stat(filepath.Join(g.dataDir, "data.db"))
	hasData := statErr == nil
	var waitedOn *writerLease
	for {
		raw, version, err := g.store.read(ctx)
		if err != nil {
			return fmt.Errorf("backup: reading the writer lease in %s (not starting without it): %w", g.where, err)
		}
		now := time.Now()
		next := writerLease{Machine: g.machine, Instance: mark.Instance, Process: processID, Host: hostName, PID: os.Getpid(), RenewedAt: now, ExpiresAt: now.Add(g.ttl)}
		var current *writerLease
		if raw != nil {
			current = &writerLease{}
			if err := json.Unmarshal(raw, current); err != nil {
				return fmt.Errorf("backup: the writer lease %s/%s is not readable (%w); remove it only once no other server replicates there", g.where, leaseName, err)
			}
		}
		switch {
		case current == nil:
			next.Generation, next.Seq = 1, 1
			g.say(fmt.Sprintf("backup: no writer lease in %s yet: this server (machine %s) takes it", g.where, g.machine))
		case current.Machine == g.machine && current.Instance == mark.Instance && (!current.live(now) || current.predecessor()):
			next.Generation, next.Seq = current.Generation, current.Seq+1 // a restart
		case current.live(now):
			if waitedOn != nil && waitedOn.Seq != current.Seq && current.Machine == g.machine && current.Instance == mark.Instance {
				return fmt.Errorf("backup: NOT STARTING: another server with this machine id and this data directory's id is writing to the backup replica %s: "+
					"process %s (pid %d on %s) renewed the writer lease at %s. This data directory is a copy of the one that server uses: "+
					"two servers on one replica lose each other's writes. Stop one; see docs/operations.md, \"Exactly one writer\"",
					g.where, current.Process, current.PID, current.Host, current.RenewedAt.UTC().Format(time.RFC3339))
			}
			if waitedOn != nil && waitedOn.Seq != current.Seq {
				return fmt.Errorf("backup: NOT STARTING: another server is writing to the backup replica %s: %s renewed its writer lease at %s. "+
					"Two servers on one replica lose each other's writes: run exactly one machine (fly scale count 1) "+
					"and see docs/operations.md, \"Exactly one writer\"", g.where, current, current.RenewedAt.UTC().Format(time.RFC3339))
			}
			if waitedOn == nil {
				waitedOn = current
				g.say(fmt.Sprintf("backup: the writer lease of %s is held by %s until %s: waiting to see whether it is renewed",
					g.where, current, current.ExpiresAt.UTC().Format(time.RFC3339)))
			}
			if current.ExpiresAt.Sub(now) > 2*g.ttl+time.Minute {
				return fmt.Errorf("backup: NOT STARTING: the writer lease of %s is held by %s until %s, further ahead than its time to live allows (clocks apart, or another LITESTREAM_LEASE_TTL)",
					g.where, current, current.ExpiresAt.UTC().Format(time.RFC3339))
			}
			if err := sleep(ctx, min(max(g.ttl/10, 50*time.Millisecond), time.Second, time.Until(current.ExpiresAt)+10*time.Millisecond)); err != nil {
				return err
			}
			continue
		default:
			if hasData && mark.Seq != current.Seq && !takeover {
				db := filepath.Join(g.dataDir, "data.db")
				return fmt.Errorf("backup: NOT STARTING: this data directory holds a data.db, but the backup replica %s was last written by %s: "+
					"this data.db may be older than the backup. Restore first: move %s, %s-wal and %s-shm aside, and the next start restores the latest "+
					"(or run `sponsorbridge restore --dir <an empty directory>` to compare). Only if this data.db must replace the backup's history "+
					"(the backup's newer writes are then lost from every later restore), start once with LITESTREAM_TAKEOVER=true. "+
					"See docs/operations.md, \"Exactly one writer\"", g.where, current, db, db, db)
			}
			if hasData && mark.Seq != current.Seq {
				g.usedTakeover = true
			}
			next.Generation, next.Seq = current.Generation+1, current.Seq+1
			how := "it expired at " + current.ExpiresAt.UTC().Format(time.RFC3339)
			if current.Released {
				how = "released at " + current.RenewedAt.UTC().Format(time.RFC3339)
			}
			g.say(fmt.Sprintf("backup: taking over the writer lease of %s from %s (%s): generation %d", g.where, current, how, next.Generation))
		}
		newVersion, err := g.store.write(ctx, mustJSON(next), version)
		if errors.Is(err, errLeaseChanged) {
			continue // another server wrote in between: look again
		} else if err != nil {
			return fmt.Errorf("backup: writing the writer lease in %s (not starting without it): %w", g.where, err)
		}
		mark.Seq = next.Seq
		if err := writeMark(g.dataDir, mark); err != nil {
			return err
		}
		g.mu.Lock()
		g.lease, g.version, g.validUntil, g.answered = next, newVersion, now.Add(g.ttl*3/4), time.Now()
		g.mu.Unlock()
		return nil
	}
}

// start renews the lease every quarter of its time to live until release.
// onLost runs once if another server took the lease over.
func (g *writerGuard) start(onLost func(msg string)) {
	g.onLost = onLost
	g.stop, g.done = make(chan struct{}), make(chan struct{})
	go func() {
		defer close(g.done)
		tick := time.NewTicker(g.ttl / 4)
		defer tick.Stop()
		var lastWarning time.Time
		for {
			select {
			case <-g.stop:
				return
			case <-tick.C:
			}
			// Bounded, so that a release at shutdown never waits long on a hung request.
			ctx, cancel := context.WithTimeout(context.Background(), min(g.ttl/4, 5*time.Second))
			err := g.renew(ctx)
			cancel()
			g.mu.Lock()
			g.answered = time.Now()
			g.mu.Unlock()
			if err != nil && time.Since(lastWarning) > time.Minute {
				lastWarning = time.Now()
				logline.Warn(fmt.Sprintf("backup: renewing the writer lease in %s failed (uploads pause once it is %s old)", g.where, g.ttl*3/4), "error", err.Error())
			}
		}
	}()
}

// renew writes the lease again if it is still ours, and notices a takeover.
func (g *writerGuard) renew(ctx context.Context) error {
	g.mu.Lock()
	lease, version, lost := g.lease, g.version, g.lost
	g.mu.Unlock()
	if lost {
		return nil
	}
	now := time.Now()
	next := lease
	next.Seq++
	next.RenewedAt, next.ExpiresAt = now, now.Add(g.ttl)
	newVersion, err := g.store.write(ctx, mustJSON(next), version)
	if errors.Is(err, errLeaseChanged) {
		raw, currentVersion, err := g.store.read(ctx)
		if err != nil {
			return err
		}
		var current writerLease
		if raw != nil && json.Unmarshal(raw, &current) == nil &&
			current.Machine == lease.Machine && current.Instance == lease.Instance && current.Generation == lease.Generation &&
			current.Process == lease.Process {
			// Our own earlier write, whose answer was lost: go on from it.
			g.mu.Lock()
			g.lease, g.version = current, currentVersion
			g.mu.Unlock()
			return nil
		}
		g.mu.Lock()
		g.lost = true
		g.mu.Unlock()
		msg := fmt.Sprintf("BACKUPS STOPPED: another server took over the backup replica %s (%s): this server ships nothing more and stops now. "+
			"Its writes since the takeover are only in its own data.db. See docs/operations.md, \"Exactly one writer\".", g.where, current.String())
		if raw == nil {
			msg = fmt.Sprintf("BACKUPS STOPPED: the writer lease in %s was removed: this server ships nothing more and stops now. See docs/operations.md, \"Exactly one writer\".", g.where)
		}
		silenceLitestream() // its uploads are fenced off from now on: one line says it all
		logline.Error("!!! " + msg + " !!!")
		if g.onLost != nil {
			g.onLost(msg)
		}
		return nil
	} else if err != nil {
		return err
	}
	g.mu.Lock()
	g.lease, g.version, g.validUntil = next, newVersion, now.Add(g.ttl*3/4)
	g.mu.Unlock()
	return nil
}

// held tells whether uploads may go on: the lease is ours and was renewed
// recently enough that no other server can have taken it (it expires a
// quarter of its time to live later, which covers clocks a little apart
// and an upload in flight).
func (g *writerGuard) held() bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	return !g.lost && time.Now().Before(g.validUntil)
}

// waitHeld is held, but when a renewal is merely late (a slow disk or
// storage request) it waits for it, up to half the time to live: a refused
// upload would make Litestream pause with a growing backoff long after the
// renewal came.
func (g *writerGuard) waitHeld(ctx context.Context) bool {
	deadline := time.Now().Add(g.ttl / 2)
	for !g.held() {
		g.mu.Lock()
		lost := g.lost
		g.mu.Unlock()
		if lost || time.Now().After(deadline) {
			return false
		}
		if sleep(ctx, 20*time.Millisecond) != nil {
			return false
		}
	}
	return true
}

// mayAcknowledge tells whether a write may be acknowledged: the lease is
// not lost, and this process has been running its renewals. After a gap
// (the process was frozen past its lease, and another server may have
// taken over meanwhile) it waits for the next renewal to answer, up to half
// the TTL. A storage outage does not stop writes: the renewals keep
// answering (failing) on time, and no other server can take the lease
// over through a storage it cannot reach either.
func (g *writerGuard) mayAcknowledge(ctx context.Context) bool {
	deadline := time.Now().Add(g.ttl / 2)
	for {
		g.mu.Lock()
		lost, answered := g.lost, g.answered
		g.mu.Unlock()
		switch {
		case lost:
			return false
		case time.Since(answered) < g.ttl*3/4:
			return true
		case time.Now().After(deadline) || sleep(ctx, 20*time.Millisecond) != nil:
			return false
		}
	}
}

// release stops the renewals and marks the lease released, so the next
// server (this one restarted, or a replacement) starts without waiting.
func (g *writerGuard) release(ctx context.Context) error {
	if g.stop != nil {
		close(g.stop)
		<-g.done
		g.stop = nil
	}
	g.mu.Lock()
	lease, version, lost := g.lease, g.version, g.lost
	g.mu.Unlock()
	if lost || lease.Seq == 0 {
		return nil
	}
	next := lease
	next.Seq++
	next.Released = true
	next.RenewedAt = time.Now()
	if _, err := g.store.write(ctx, mustJSON(next), version); err != nil {
		return fmt.Errorf("backup: releasing the writer lease: %w", err)
	}
	g.mu.Lock()
	g.validUntil = time.Time{}
	g.mu.Unlock()
	mark, err := readMark(g.dataDir)
	if err != nil {
		return err
	}
	mark.Instance, mark.Seq = lease.Instance, next.Seq
	return writeMark(g.dataDir, mark)
}

// leaseSeq reads the lease's Seq (0 when there is no lease), for a restore
// to mark the directory it writes as descending from that moment.
func leaseSeq(ctx context.Context, b config.Backup) (int64, error) {
	store, err := newLeaseStore(ctx, b)
	if err != nil {
		return 0, err
	}
	raw, _, err := store.read(ctx)
	if err != nil || raw == nil {
		return 0, err
	}
	var l writerLease
	if err := json.Unmarshal(raw, &l); err != nil {
		return 0, err
	}
	return l.Seq, nil
}

func mustJSON(v any) []byte {
	raw, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return raw
}

func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

package limits

import (
	"net/netip"
	"sync"
	"time"

	"github.com/pocketbase/pocketbase/core"
)

// Wrong e-mail codes are counted per address (in the database, by the
// signin package) and, here, per client over all addresses: without the
// second, one client spread its guesses over many accounts, ~28,800 a day
// at the per-client request limits (docs/security.md, "E-mail codes").
// A client is an IPv4 address, or an IPv6 address's /64: one subscriber's
// network, in which a host picks any address it likes.
const (
	// ClientMaxWrongCodes wrong codes a client may type in
	// clientCodesWindow (from its first), over all addresses and routes.
	ClientMaxWrongCodes = 50
	clientCodesWindow   = 24 * time.Hour
	// clientCodesMax bounds the clients counted at once. Full, one count
	// is dropped for a new client (it takes 100,000 other client
	// addresses to push a count out, and whoever has them has their
	// allowances anyway).
	clientCodesMax = 100_000
)

// clientKey is the 16 bytes a client counts under: an IPv4 address (also
// written IPv4-mapped), or the first 64 bits of an IPv6 address. An
// address that does not parse counts under the zero key, with every
// other such.
type clientKey [16]byte

func clientKeyOf(ip string) clientKey {
	addr, err := netip.ParseAddr(ip)
	if err != nil {
		return clientKey{}
	}
	addr = addr.Unmap().WithZone("")
	key := clientKey(addr.As16())
	if addr.Is6() {
		clear(key[8:])
	}
	return key
}

// clientCount is a client's wrong codes since the start of its window.
type clientCount struct {
	since int64 // unix nanoseconds
	n     int32
}

type clientCodes struct {
	mu        sync.Mutex
	byClient  map[clientKey]clientCount
	lastSweep time.Time
}

func clientCodesOf(app core.App) *clientCodes {
	return app.Store().GetOrSet("sbClientWrongCodes", func() any {
		return &clientCodes{byClient: map[clientKey]clientCount{}}
	}).(*clientCodes)
}

// TakeCode counts one code attempt of client c, before the code is
// compared (so a burst of concurrent guesses cannot pass the count), unless
// the client has typed ClientMaxWrongCodes wrong codes in its window: then
// ok is false and wait is how long until it ends. Give the attempt back
// (GiveBackCode) when the code was right or was not compared. Everything
// passes while limits are off.
func (c Client) TakeCode(app core.App) (ok bool, wait time.Duration) {
	if !enabled(app) {
		return true, 0
	}
	return clientCodesOf(app).take(clientKeyOf(c.IP), now())
}

// GiveBackCode forgets one attempt that TakeCode counted for client c.
func (c Client) GiveBackCode(app core.App) {
	if !enabled(app) {
		return
	}
	codes := clientCodesOf(app)
	key := clientKeyOf(c.IP)
	codes.mu.Lock()
	defer codes.mu.Unlock()
	if count, ok := codes.byClient[key]; ok && count.n > 0 {
		count.n--
		codes.byClient[key] = count
	}
}

func (c *clientCodes) take(key clientKey, t time.Time) (bool, time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	count, known := c.byClient[key]
	if known && t.Sub(time.Unix(0, count.since)) >= clientCodesWindow {
		known = false
	}
	if !known {
		c.makeRoom(t)
		c.byClient[key] = clientCount{since: t.UnixNano(), n: 1}
		return true, 0
	}
	if count.n >= ClientMaxWrongCodes {
		return false, max(time.Unix(0, count.since).Add(clientCodesWindow).Sub(t), time.Second)
	}
	count.n++
	c.byClient[key] = count
	return true, 0
}

// makeRoom forgets the ended windows every 10 minutes and, when the map is
// still full, one client's count (any: a map's range starts at random), so
// a flood of new clients costs no more than one sweep per 10 minutes.
func (c *clientCodes) makeRoom(t time.Time) {
	if t.Sub(c.lastSweep) >= 10*time.Minute {
		c.lastSweep = t
		for key, count := range c.byClient {
			if t.Sub(time.Unix(0, count.since)) >= clientCodesWindow {
				delete(c.byClient, key)
			}
		}
	}
	for key := range c.byClient {
		if len(c.byClient) < clientCodesMax {
			break
		}
		delete(c.byClient, key)
	}
}

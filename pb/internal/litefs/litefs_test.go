package litefs_test

import (
	"net"
	"net/http"
	"os"
	"regexp"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// config is the part of LiteFS's configuration (deploy/litefs.yml) that
// ties it to the server.
type config struct {
	Proxy struct {
		Addr          string   `yaml:"addr"`
		Target        string   `yaml:"target"`
		DB            string   `yaml:"db"`
		Passthrough   []string `yaml:"passthrough"`
		AlwaysForward []string `yaml:"always-forward"`
		WriteTimeout  string   `yaml:"write-timeout"`
	} `yaml:"proxy"`
	Exec []struct {
		Cmd string `yaml:"cmd"`
	} `yaml:"exec"`
}

// TestProxyFitsTheServer: LiteFS's proxy is on (a target is set) and
// receives what Fly's proxy sends (fly.toml's internal_port); it forwards to
// the server that LiteFS starts, which listens on the loopback only (nothing
// reaches it past the proxy) with the volume as its data directory; it
// tracks data.db; the realtime stream and its subscription are served on
// the primary, writes too, and reads on the replica that received them.
func TestProxyFitsTheServer(t *testing.T) {
	var c config
	raw, err := os.ReadFile("../../../deploy/litefs.yml")
	if err != nil {
		t.Fatal(err)
	}
	if err := yaml.Unmarshal(raw, &c); err != nil {
		t.Fatal(err)
	}
	fly, err := os.ReadFile("../../../fly.toml")
	if err != nil {
		t.Fatal(err)
	}
	if c.Proxy.Target == "" {
		t.Fatal("deploy/litefs.yml has no proxy target: LiteFS's proxy is off and writes on a replica fail")
	}
	internalPort := regexp.MustCompile(`(?m)^\s*internal_port\s*=\s*(\d+)`).FindSubmatch(fly)
	if _, port, _ := net.SplitHostPort(c.Proxy.Addr); internalPort == nil || port != string(internalPort[1]) {
		t.Errorf("proxy.addr %q is not fly.toml's internal_port %s", c.Proxy.Addr, internalPort)
	}
	if c.Proxy.DB != "data.db" {
		t.Errorf("proxy.db = %q, want data.db (the database on the LiteFS mount)", c.Proxy.DB)
	}
	if len(c.Exec) != 1 {
		t.Fatalf("want one exec command (the server), got %d", len(c.Exec))
	}
	args := strings.Fields(c.Exec[0].Cmd)
	flag := func(name string) string {
		for i, a := range args[:len(args)-1] {
			if a == name {
				return args[i+1]
			}
		}
		return ""
	}
	if listen := flag("--http"); listen != c.Proxy.Target {
		t.Errorf("the server listens on %q, the proxy forwards to %q", listen, c.Proxy.Target)
	}
	if host, _, _ := net.SplitHostPort(c.Proxy.Target); net.ParseIP(host) == nil || !net.ParseIP(host).IsLoopback() {
		t.Errorf("the server listens on %q: requests could reach it past the proxy (writes on a replica would fail there)", c.Proxy.Target)
	}
	mount := regexp.MustCompile(`(?m)^\s*destination\s*=\s*"([^"]+)"`).FindSubmatch(fly)
	if mount == nil || flag("--dir") != string(mount[1]) {
		t.Errorf("the server's --dir %q is not the volume fly.toml mounts (%s)", flag("--dir"), mount)
	}

	// The realtime stream lives on the primary, where every write is made
	// and so every event is broadcast; its subscription must reach the same
	// process, which holds the client id the stream announced.
	for _, method := range []string{http.MethodGet, http.MethodPost} {
		if on := c.servedOn(method, "/api/realtime"); on != primary {
			t.Errorf("%s /api/realtime is served on the %s: members connected to a replica would miss the events of writes made on the primary", method, on)
		}
	}
	// The proxy's write timeout bounds a whole answer: a stream would be cut.
	if c.Proxy.WriteTimeout != "" && c.Proxy.WriteTimeout != "0" && c.Proxy.WriteTimeout != "0s" {
		t.Errorf("proxy.write-timeout = %q: LiteFS's proxy would cut every realtime stream after it", c.Proxy.WriteTimeout)
	}
	// Writes go to the primary, whatever a list says.
	for _, path := range []string{"/api/register", "/api/login", "/api/conversations/x/messages", "/api/sponsorships",
		"/api/payments/webhook", "/api/user", "/api/realtime/x", "/api/collections/users/records"} {
		if on := c.servedOn(http.MethodPost, path); on != primary {
			t.Errorf("POST %s is served on the %s: a write there on a replica would fail", path, on)
		}
	}
	// Reads stay on the replica near the member (an always-forward rule too
	// wide would send them all to the primary).
	for _, path := range []string{"/", "/api/health", "/api/unread", "/api/conversations", "/api/conversations/x/messages",
		"/api/notifications", "/api/deals/x", "/api/realtime/x", "/api/files/users/x/avatar.png"} {
		if on := c.servedOn(http.MethodGet, path); on != replica {
			t.Errorf("GET %s is served on the %s: reads would leave the replica", path, on)
		}
	}
}

const (
	replica = "replica"
	primary = "primary"
)

// servedOn is where LiteFS's proxy on a read replica has a request served,
// in the order of http.ProxyServer.serveHTTP in superfly/litefs v0.5: a
// passthrough path on this machine, whatever its method; a GET or HEAD on
// this machine (after the __txid wait) unless its path is always-forward;
// anything else on the primary (fly-replay: instance=<primary>).
func (c config) servedOn(method, path string) string {
	matches := func(list []string) bool {
		for _, p := range list {
			if liteFSMatch(p).MatchString(path) {
				return true
			}
		}
		return false
	}
	if matches(c.Proxy.Passthrough) {
		return replica
	}
	if (method == http.MethodGet || method == http.MethodHead) && !matches(c.Proxy.AlwaysForward) {
		return replica
	}
	return primary
}

// liteFSMatch is how LiteFS reads a passthrough or always-forward entry
// (http.CompileMatch in superfly/litefs v0.5, for both lists): the whole
// path, with * as the only wildcard.
func liteFSMatch(s string) *regexp.Regexp {
	return regexp.MustCompile("^" + strings.ReplaceAll(regexp.QuoteMeta(s), `\*`, ".*") + "$")
}

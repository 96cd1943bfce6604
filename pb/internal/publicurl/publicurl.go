// Package publicurl is the app's public address, the start of every
// absolute link the server makes: in mails (notifications, alerts,
// unsubscribe links, account notices), the Google redirect, and anything
// else that must name the app from outside a request (link previews).
//
// It is APP_URL when that is set. Without APP_URL it is the address the
// server actually serves on (--http), so `make run` on any port mails links
// that work. Either way the start writes it into PocketBase's Application URL
// (meta.appURL), so PocketBase's own mails agree with ours.
package publicurl

import (
	"net"
	"net/url"
	"strings"
	"sync/atomic"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"

	"sponsorbridge/pb/internal/config"
)

// Base is the public address, without a trailing slash:
// "https://sponsorbridge.fly.dev". Every absolute link starts with it.
func Base(app core.App) string {
	return strings.TrimRight(app.Settings().Meta.AppURL, "/")
}

// Link is the absolute address of an app path ("/listings/requests/abc").
func Link(app core.App, path string) string {
	return Base(app) + path
}

// SameHost tells whether a request's Host is the public address's host
// (a default port written or not).
func SameHost(app core.App, requestHost string) bool {
	u, err := url.Parse(Base(app))
	return err == nil && u.Host != "" && normalHost(u.Scheme, u.Host) == normalHost(u.Scheme, requestHost)
}

func normalHost(scheme, host string) string {
	host = strings.ToLower(host)
	switch {
	case scheme == "https" && strings.HasSuffix(host, ":443"):
		return strings.TrimSuffix(host, ":443")
	case scheme == "http" && strings.HasSuffix(host, ":80"):
		return strings.TrimSuffix(host, ":80")
	}
	return host
}

// Served is the address se serves on, like "http://127.0.0.1:8091", or ""
// when se has no server (tests that only build the router). A wildcard
// host (":8090", "0.0.0.0:8090") is served as localhost. Port 0 asks the
// system for a free port: the listener is opened here, so that links name
// the port it got.
func Served(se *core.ServeEvent) (string, error) {
	if se.Server == nil {
		return "", nil
	}
	addr := se.Server.Addr
	if se.Listener != nil {
		addr = se.Listener.Addr().String()
	}
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return "", nil //nolint:nilerr // no address at all: the stored Application URL stays
	}
	if port == "0" && se.Listener == nil {
		l, err := net.Listen("tcp", addr)
		if err != nil {
			return "", err
		}
		se.Listener = l
		host, port, _ = net.SplitHostPort(l.Addr().String())
	}
	scheme := "http"
	switch port {
	case "http", "80":
		port = ""
	case "https", "443":
		// PocketBase serves --https on this address; without APP_URL the
		// certificate's domain is unknown here, so the start warns.
		scheme, port = "https", ""
	}
	if ip := net.ParseIP(host); host == "" || (ip != nil && ip.IsUnspecified()) {
		host = "localhost"
	}
	if port != "" {
		host = net.JoinHostPort(host, port)
	} else if strings.Contains(host, ":") {
		host = "[" + host + "]"
	}
	return scheme + "://" + host, nil
}

// Apply writes the public address into the settings (s is saved by the
// caller): APP_URL when set, otherwise served. Without APP_URL the start
// says which address links use; a production start warns, since members
// outside this machine cannot open such links.
func Apply(app core.App, s *core.Settings, cfg *config.Config, served string) {
	if cfg.AppURL != "" || served == "" {
		return // APP_URL goes through envsettings (logged when it replaces the dashboard's)
	}
	s.Meta.AppURL = served
	if cfg.DemoMode {
		app.Logger().Info("APP_URL is not set: links in mails use the address this server serves on", "url", served)
		return
	}
	app.Logger().Warn("APP_URL is not set: links in mails point to "+served+
		", the address this server serves on. Set APP_URL to the public address (docs/configuration.md).", "url", served)
}

// MismatchMessage is the warning logged, once per process, when a request
// arrives for another host than APP_URL's.
const MismatchMessage = "A request arrived for another host than APP_URL's: links in mails and the Google redirect use APP_URL"

// WatchHost is the middleware that logs MismatchMessage the first time a
// request names another host than APP_URL (a proxy that rewrites Host, an
// APP_URL left over from another deploy). Once: a mismatch stays until the
// next deploy, and a line per request would flood the log. Health checks
// are left out (Fly.io's come to the machine's own address).
func WatchHost(cfg *config.Config) *hook.Handler[*core.RequestEvent] {
	var logged atomic.Bool
	return &hook.Handler[*core.RequestEvent]{
		Id: "sbPublicURLHost",
		Func: func(e *core.RequestEvent) error {
			if cfg.AppURL != "" && !logged.Load() && e.Request.Host != "" && e.Request.URL.Path != "/api/health" &&
				!SameHost(e.App, e.Request.Host) && logged.CompareAndSwap(false, true) {
				e.App.Logger().Warn(MismatchMessage, "host", e.Request.Host, "appURL", Base(e.App))
			}
			return e.Next()
		},
	}
}

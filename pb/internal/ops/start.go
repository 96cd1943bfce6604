package ops

import (
	"net"
	"os"
	"path/filepath"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"

	"sponsorbridge/pb/internal/config"
	"sponsorbridge/pb/internal/logline"
)

// MsgStarted is the start line of a start without demo mode (demo mode's
// one line, with the sign-in, is pb/app's announceDemo).
const MsgStarted = "Server started"

// MsgNoSuperuser tells how to create the dashboard's first superuser.
const MsgNoSuperuser = "No superuser yet: create one for the dashboard (/_/) with the command below"

// bindStart replaces PocketBase's start banner (main.go hides it) and its
// installer, which opens a browser on the server and prints a hint without
// --dir (a superuser made that way lands in another database): after the
// listener is bound, one line says where the server listens and, when no
// superuser exists yet, one line gives the command with the right --dir.
// Demo mode prints neither: its one line is the sign-in.
func bindStart(app core.App, cfg *config.Config) {
	app.OnServe().Bind(&hook.Handler[*core.ServeEvent]{
		Id: "sbStartLine",
		Func: func(se *core.ServeEvent) error {
			se.InstallerFunc = nil
			if err := se.Next(); err != nil {
				return err
			}
			if cfg.DemoMode || se.Server == nil { // tests serve without a server
				return nil
			}
			logline.Info(MsgStarted, "url", LocalURL(se.Server.Addr), "dataDir", se.App.DataDir())
			if !hasSuperuser(se.App) {
				logline.Info(MsgNoSuperuser, "command", SuperuserCommand(se.App.DataDir()))
			}
			return nil
		},
	})
}

// LocalURL is the address to open for a server listening on addr: an
// unspecified host (0.0.0.0, [::] or none) is reached at 127.0.0.1.
func LocalURL(addr string) string {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return "http://" + addr
	}
	if ip := net.ParseIP(host); host == "" || (ip != nil && ip.IsUnspecified()) {
		host = "127.0.0.1"
	}
	return "http://" + net.JoinHostPort(host, port)
}

// SuperuserCommand is the command that creates a superuser in the
// database of dataDir.
func SuperuserCommand(dataDir string) string {
	exe, err := os.Executable()
	if err != nil {
		exe = "sponsorbridge"
	}
	if dir, err := filepath.Abs(dataDir); err == nil {
		dataDir = dir
	}
	return exe + " superuser upsert EMAIL PASSWORD --dir " + dataDir
}

// hasSuperuser: PocketBase's own installer account does not count.
func hasSuperuser(app core.App) bool {
	n, err := app.CountRecords(core.CollectionNameSuperusers, dbx.Not(dbx.HashExp{"email": core.DefaultInstallerEmail}))
	return err != nil || n > 0 // unknown: no hint rather than a wrong one
}

// Package mailbox sends the app's mail: through SMTP when it is configured
// (environment or dashboard), otherwise into the development mailbox, a
// directory of JSON files under the data directory that is also echoed to
// the server log, so sign-in codes can be read on a laptop and in tests.
// Either way a code goes out while the member waits (SendNow) and other
// mail is sent by the background queue and retried from an outbox when the
// server does not take it (Send, Deliver, RetryDue); send.go says why and
// how far each is bounded.
package mailbox

import (
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/mail"
	"path/filepath"
	"strings"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"

	"sponsorbridge/pb/internal/config"
	"sponsorbridge/pb/internal/envsettings"
	"sponsorbridge/pb/internal/logline"
)

// DirName is the development mailbox's directory inside the data directory.
const DirName = "mailbox"

// Dir is the development mailbox of app.
func Dir(app core.App) string { return filepath.Join(app.DataDir(), DirName) }

// ErrNotSetUp is what sending answers when SMTP is off and the development
// mailbox is not opted into: the mail goes nowhere.
var ErrNotSetUp = errors.New("mailbox: SMTP is not configured and the development mailbox is off (MAIL_DEV_MAILBOX)")

// MsgNotSetUp is the 503 that routes which must send mail answer then.
const MsgNotSetUp = "E-mail is not set up on this server yet, so we cannot send you a code. Please try again later."

// storeKey keeps the opt-in per app (tests run many apps at once).
const storeKey = "sbMailDevMailbox"

// BindHooks routes every outgoing mail, while SMTP is off, to the
// development mailbox if it is opted into, or refuses it; counts every try;
// and keeps the outbox across stops.
func BindHooks(app core.App, cfg *config.Config) {
	app.Store().Set(storeKey, cfg.MailDevMailbox)
	app.OnMailerSend().Bind(countHook())
	bindOutbox(app)
	registerMetrics(app) // the outbox's depth and age
	app.OnMailerSend().Bind(&hook.Handler[*core.MailerEvent]{
		Id: "sbDevMailbox",
		Func: func(e *core.MailerEvent) error {
			// decided per message: SMTP may be switched on in the dashboard at any time
			if !e.App.Settings().SMTP.Enabled {
				if !devMailbox(e.App) {
					return ErrNotSetUp
				}
				e.Mailer = &fileMailer{app: e.App}
			}
			return e.Next()
		},
	})
}

func devMailbox(app core.App) bool {
	on, _ := app.Store().Get(storeKey).(bool)
	return on
}

// CanSend tells whether mail leaves through SMTP or lands in the opted-into
// development mailbox.
func CanSend(app core.App) bool {
	return app.Settings().SMTP.Enabled || devMailbox(app)
}

// Required answers 503 on routes that must send mail when mail cannot be sent.
func Required() *hook.Handler[*core.RequestEvent] {
	return &hook.Handler[*core.RequestEvent]{
		Id: "sbMailRequired",
		Func: func(e *core.RequestEvent) error {
			if !CanSend(e.App) {
				return e.Error(http.StatusServiceUnavailable, MsgNotSetUp, nil)
			}
			return e.Next()
		},
	}
}

// ApplySettings writes the sender and SMTP settings from the environment
// into s, the app's settings the caller saves (once for every setting a
// start applies). Without SMTP_HOST the dashboard's settings are left as
// they are.
func ApplySettings(app core.App, s *core.Settings, cfg *config.Config) error {
	if cfg.MailFrom != "" {
		from, err := mail.ParseAddress(cfg.MailFrom)
		if err != nil {
			return fmt.Errorf("mailbox: MAIL_FROM %q is not an e-mail address: %w", cfg.MailFrom, err)
		}
		envsettings.Set(app, &s.Meta.SenderAddress, from.Address, "meta.senderAddress", "MAIL_FROM")
		envsettings.Set(app, &s.Meta.SenderName, strings.TrimSpace(from.Name), "meta.senderName", "MAIL_FROM")
	}
	if s.Meta.SenderName == "" || s.Meta.SenderName == "Support" {
		s.Meta.SenderName = "SponsorBridge"
	}
	if cfg.SMTPHost != "" {
		envsettings.Set(app, &s.SMTP.Enabled, true, "smtp.enabled", "SMTP_HOST")
		envsettings.Set(app, &s.SMTP.Host, cfg.SMTPHost, "smtp.host", "SMTP_HOST")
		envsettings.Set(app, &s.SMTP.Port, cfg.SMTPPort, "smtp.port", "SMTP_PORT")
		envsettings.Set(app, &s.SMTP.Username, cfg.SMTPUsername, "smtp.username", "SMTP_USERNAME")
		envsettings.SetSecret(app, &s.SMTP.Password, cfg.SMTPPassword, "smtp.password", "SMTP_PASSWORD")
		envsettings.Set(app, &s.SMTP.TLS, cfg.SMTPTLS, "smtp.tls", "SMTP_TLS")
		auth := cfg.SMTPAuth
		if auth == "" {
			auth = config.SMTPAuthPlain
		}
		envsettings.Set(app, &s.SMTP.AuthMethod, auth, "smtp.authMethod", "SMTP_AUTH")
	}
	return nil
}

// AnnounceMode tells the log how mail leaves once the settings are saved:
// through SMTP, into the development mailbox, or not at all.
func AnnounceMode(app core.App, cfg *config.Config) {
	switch {
	case app.Settings().SMTP.Enabled:
	case cfg.MailDevMailbox:
		msg := "DEVELOPMENT MAILBOX: SMTP is not configured, so outgoing mail, sign-in codes included, is written to the log and to " +
			Dir(app) + " (MAIL_DEV_MAILBOX or DEMO_MODE is on). Set SMTP_HOST (see docs/operations.md) before real members use this server."
		if cfg.DemoMode { // expected there: the dashboard's logs only, not the demo's one line
			app.Logger().Info(msg)
		} else {
			app.Logger().Warn(msg)
		}
	default:
		logline.Announce(app, slog.LevelError, "MAIL OFF: SMTP is not configured and the development mailbox is not opted into (MAIL_DEV_MAILBOX), "+
			"so sign-in codes and address confirmations answer 503 and notifications are not sent. Set SMTP_HOST, or SMTP in the dashboard.")
	}
}

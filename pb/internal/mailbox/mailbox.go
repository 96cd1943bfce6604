// Package mailbox sends the app's mail: through SMTP when it is configured
// (environment or dashboard), otherwise into the development mailbox, a
// directory of JSON files under the data directory that is also echoed to
// the server log, so sign-in codes can be read on a laptop and in tests.
package mailbox

import (
	"fmt"
	"net/mail"
	"path/filepath"
	"strings"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"

	"sponsorbridge/pb/internal/config"
)

// DirName is the development mailbox's directory inside the data directory.
const DirName = "mailbox"

// Dir is the development mailbox of app.
func Dir(app core.App) string { return filepath.Join(app.DataDir(), DirName) }

// BindHooks routes every outgoing mail to the development mailbox while
// SMTP is off.
func BindHooks(app core.App) {
	app.OnMailerSend().Bind(&hook.Handler[*core.MailerEvent]{
		Id: "sbDevMailbox",
		Func: func(e *core.MailerEvent) error {
			// decided per message: SMTP may be switched on in the dashboard at any time
			if !e.App.Settings().SMTP.Enabled {
				e.Mailer = &fileMailer{app: e.App}
			}
			return e.Next()
		},
	})
}

// ApplySettings writes SMTP settings from the environment into the app's
// settings. Without SMTP_HOST the dashboard's settings are left as they are.
func ApplySettings(app core.App, cfg *config.Config) error {
	s := app.Settings()
	if cfg.MailFrom != "" {
		from, err := mail.ParseAddress(cfg.MailFrom)
		if err != nil {
			return fmt.Errorf("mailbox: MAIL_FROM %q is not an e-mail address: %w", cfg.MailFrom, err)
		}
		s.Meta.SenderAddress = from.Address
		s.Meta.SenderName = strings.TrimSpace(from.Name)
	}
	if s.Meta.SenderName == "" || s.Meta.SenderName == "Support" {
		s.Meta.SenderName = "SponsorBridge"
	}
	if cfg.SMTPHost != "" {
		s.SMTP.Enabled = true
		s.SMTP.Host = cfg.SMTPHost
		s.SMTP.Port = cfg.SMTPPort
		s.SMTP.Username = cfg.SMTPUsername
		s.SMTP.Password = cfg.SMTPPassword
		s.SMTP.TLS = cfg.SMTPTLS
	}
	if err := app.Save(s); err != nil {
		return err
	}
	if !s.SMTP.Enabled {
		app.Logger().Warn("SMTP is not configured: outgoing mail, sign-in codes included, is written to the log and to " +
			Dir(app) + ". Set SMTP_HOST (see docs/operations.md) before real members use this server.")
	}
	return nil
}

package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
	"github.com/pocketbase/pocketbase/tools/types"
)

// mail_outbox keeps the background mails (notifications, alerts, digests,
// account notices) that the mail server did not take at the first try: a
// 4xx answer, a dropped connection, no answer in time. They are tried again
// with a growing pause (pb/internal/mailbox/outbox.go) and survive a
// restart. Codes never wait here: a code is mailed while the member waits.
// Written only by the app with plain SQL; every rule is closed (superusers
// see the waiting mails in the dashboard).
func init() {
	m.Register(func(app core.App) error {
		c := core.NewBaseCollection("mail_outbox")
		c.ListRule, c.ViewRule, c.CreateRule, c.UpdateRule, c.DeleteRule = nil, nil, nil, nil, nil
		c.Fields.Add(
			&core.JSONField{Name: "message", Required: true, MaxSize: 256 << 10,
				Help: "The mail as the app wrote it: from, to, subject, text, HTML, headers."},
			&core.NumberField{Name: "attempts", OnlyInt: true, Min: types.Pointer(0.0),
				Help: "Tries so far. After 10 the mail is given up (logged, counted as a permanent mail failure)."},
			&core.DateField{Name: "nextAttempt", Required: true,
				Help: "When the retry job (sbRetryMail, every minute) tries it again."},
			&core.TextField{Name: "claim", Max: 32, Hidden: true},
			&core.TextField{Name: "lastError", Max: 1000, Presentable: true,
				Help: "The mail server's last answer."},
			&core.AutodateField{Name: "created", OnCreate: true},
			&core.AutodateField{Name: "updated", OnCreate: true, OnUpdate: true},
		)
		c.AddIndex("idx_mail_outbox_next", false, "nextAttempt", "")
		return app.Save(c)
	}, func(app core.App) error {
		c, err := app.FindCollectionByNameOrId("mail_outbox")
		if err != nil {
			return err
		}
		return app.Delete(c)
	})
}

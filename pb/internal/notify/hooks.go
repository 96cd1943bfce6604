package notify

import (
	"log/slog"

	"github.com/pocketbase/pocketbase/core"
)

// BindHooks e-mails every notification once it is stored, whoever stored
// it (a route, a job, a superuser's records API): callers only Create.
//
// The hook is PocketBase's after-create-success. A notification saved in a
// transaction has it run once the transaction commits, with the app
// outside the transaction, and not at all when it rolls back (core/db.go,
// create: txInfo.OnComplete). So a refused request mails nothing, and the
// mail reads the member as committed. An error of the hook would be joined
// to the transaction's answer after a commit: a failed letter is logged,
// never returned.
func BindHooks(app core.App) {
	registerMetrics(app) // the digests waiting and their items
	app.OnRecordAfterCreateSuccess(Collection).BindFunc(func(e *core.RecordEvent) error {
		mailStored(e.App, e.Record)
		return e.Next()
	})
}

// batched are the topics mailed in batches (Fanout's digests, whose items
// say more than the note): their notes are not mailed one by one.
var batched = map[string]bool{TopicMatches: true, TopicAlerts: true}

// mailStored e-mails one stored notification by its receiver's choices
// (deliver): its title once (subject and heading), then its words and the
// way to it. A message note merged into an unread one is an update, not a
// create: the chat is mailed once.
func mailStored(app core.App, r *core.Record) {
	topic := TopicOf(r.GetString("type"))
	if batched[topic] {
		return
	}
	userID, title := r.GetString("user"), r.GetString("title")
	err := deliver(app, letterTo{UserID: userID, Topic: topic, Subject: title, Heading: title,
		Lead: r.GetString("body"), Action: "Open SponsorBridge", ActionPath: r.GetString("link")})
	if err != nil {
		app.Logger().Warn("notify: e-mail failed", slog.String("user", userID), slog.String("error", err.Error()))
	}
}

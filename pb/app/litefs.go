package app

import (
	"context"
	"sync"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/config"
	"sponsorbridge/pb/internal/litefs"
)

// bindLiteFS watches this server's role in its LiteFS cluster
// (cfg.LiteFSDir) while it serves, and answers it; nil when the server
// does not run under LiteFS.
//
// A primary demoted while it runs (its lease lost) would keep its realtime
// streams, and they would hear nothing more: every write, and so every
// event, is now made on the new primary. It ends them instead; the pages'
// SDK reconnects, and LiteFS's proxy serves the new stream on the new
// primary (always-forward: docs/operations.md, "Past one VM").
func bindLiteFS(app core.App, cfg *config.Config) *litefs.Role {
	if cfg.LiteFSDir == "" {
		return nil
	}
	role := litefs.NewRole(cfg.LiteFSDir)
	var (
		mu   sync.Mutex
		stop context.CancelFunc
	)
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		mu.Lock()
		if stop == nil {
			ctx, cancel := context.WithCancel(context.Background())
			stop = cancel
			go role.Watch(ctx, litefs.WatchEvery, func() { endStreams(se.App) })
		}
		mu.Unlock()
		return se.Next()
	})
	app.OnTerminate().BindFunc(func(e *core.TerminateEvent) error {
		mu.Lock()
		if stop != nil {
			stop()
		}
		mu.Unlock()
		return e.Next()
	})
	return role
}

// endStreams ends every realtime stream the server holds: each stream's
// loop sees its client's channel closed and ends its answer.
func endStreams(app core.App) {
	broker := app.SubscriptionsBroker()
	clients := broker.Clients()
	for id := range clients {
		broker.Unregister(id)
	}
	app.Logger().Warn("LiteFS: this server is no longer the primary; its realtime streams were ended so that they reconnect to the new one",
		"streams", len(clients))
}

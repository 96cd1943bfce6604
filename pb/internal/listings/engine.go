package listings

import (
	"context"
	"fmt"
	"log/slog"
	"runtime/debug"
	"sync"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/avatar"
	"sponsorbridge/pb/catalog"
	"sponsorbridge/pb/internal/industry"
	"sponsorbridge/pb/search"
)

// The search engine (pb/search) knows listings only as rowids with a few
// attributes; this file and engine_*.go map SponsorBridge's listing tables
// onto it: which tables and columns, the visibility rule, the change log
// SQLite triggers fill (engine_log.go) and reading rows (engine_source.go).

// hiddenSQL is the visibility rule of row.rejected as SQL over a listing
// table aliased t, for the search engine.
const hiddenSQL = "t.reviewed = 1 AND t.approved = 0"

// SearchSpec is how one listing table is read for the search engine.
type SearchSpec struct {
	Table        string
	AmountField  string
	HasStatus    bool
	HasEventDate bool
	// HiddenSQL is the visibility rule as SQL over the table aliased t:
	// true when the listing is hidden from everyone but its poster and
	// administrators.
	HiddenSQL string
	// HasPackages: the table's listings may offer packages and be closed
	// to industries (hasTiers, exclusiveIndustries, clashingIndustries:
	// docs/api/packages.md).
	HasPackages bool
	// HasCriteria: the table's listings may restrict who applies
	// (criteria, applicationCap, applicationCount:
	// docs/api/eligibility.md).
	HasCriteria bool
}

// SearchSpecs describe both listing tables to the search engine.
func SearchSpecs() []SearchSpec {
	specs := make([]SearchSpec, 0, len(Kinds))
	for _, k := range Kinds {
		specs = append(specs, SearchSpec{Table: k.Table, AmountField: k.AmountField,
			HasStatus: true, HasEventDate: k.IsRequest, HiddenSQL: hiddenSQL, HasPackages: k.IsRequest,
			HasCriteria: !k.IsRequest})
	}
	return specs
}

// Engine is the search engine over both listing tables, fed by SQLite.
type Engine struct {
	*search.Engine
	app core.App
	src *source
	// sizeCards sizes the list route's cards once the index is loaded
	// (cards.go).
	sizeCards sync.Once
	// keywordCaches is the most the keyword caches of all tables hold
	// once full (Tuning.KeywordCacheBytes each); they fill after the load.
	keywordCaches int64
}

// NewEngine makes the search engine over both listing tables, with the
// catalog's categories; tuning nil is the engine's default. It reads
// nothing until Start.
func NewEngine(app core.App, tuning *search.Tuning) (*Engine, error) {
	src := newSource(app, SearchSpecs())
	tables := make([]search.Table, 0, len(src.specs))
	for _, s := range src.specs {
		tables = append(tables, search.Table{Name: s.Table, Dated: s.HasEventDate})
	}
	industries := make([]string, len(industry.All))
	for i, in := range industry.All {
		industries[i] = string(in.Key)
	}
	e, err := search.New(search.Config{Source: src, Tables: tables, Categories: catalog.Categories,
		Industries: industries, Logger: slog.New(appLog{app: app}), Tuning: tuning})
	if err != nil {
		return nil, fmt.Errorf("listings: search engine: %w", err)
	}
	t := search.DefaultTuning()
	if tuning != nil {
		t = *tuning
	}
	return &Engine{Engine: e, app: app, src: src, keywordCaches: int64(t.KeywordCacheBytes) * int64(len(tables))}, nil
}

// Start installs the change log (quick) and loads the index in the
// background, so that a large table never keeps the server from answering
// its health check. Queries wait for the load.
func (e *Engine) Start() error {
	if err := installLog(e.app, e.src.specs); err != nil {
		return err
	}
	e.Engine.Start() // a second start does nothing (tests build several routers over one app)
	e.sizeCards.Do(func() {
		go func() {
			if e.Engine.Wait(context.Background()) == nil {
				limit, live := debug.SetMemoryLimit(-1), liveHeap()
				images := int64(avatar.MaxWorkBytes)
				if work, ok := imageWorkBytes(limit, live); ok {
					slots := avatar.LimitWork(work)
					images = int64(slots) * avatar.MaxImageBytes
					e.app.Logger().Info("search: image work bounded", "bytes", work, "slots", slots)
				}
				budget := cardBudget(limit, live, images+e.keywordCaches)
				e.src.cards.setLimit(budget)
				e.app.Logger().Info("search: list cards sized", "bytes", budget, "liveHeap", live, "images", images, "keywordCaches", e.keywordCaches)
			}
		}()
	})
	return nil
}

// BindHooks follows schema changes made while serving (the superuser
// dashboard) and by migrations: the search triggers of a table are dropped
// before its schema changes (SQLite refuses to drop a column a trigger
// names), and after the change they are restored and the index reloaded
// (a change may also rebuild a table, which drops its triggers).
func (e *Engine) BindHooks() {
	e.app.OnCollectionUpdateExecute().BindFunc(func(ce *core.CollectionEvent) error {
		if e.src.covers(ce.Collection.Name) || ce.Collection.Name == "users" {
			if err := dropTriggers(ce.App, ce.Collection.Name); err != nil {
				return err
			}
		}
		return ce.Next()
	})
	e.app.OnCollectionAfterUpdateSuccess().BindFunc(func(ce *core.CollectionEvent) error {
		if e.Started() && (e.src.covers(ce.Collection.Name) || ce.Collection.Name == "users") {
			go func() {
				err := installLog(e.app, e.src.specs)
				if err == nil {
					err = e.Reload(context.Background())
				}
				if err != nil {
					e.app.Logger().Error("search: reloading after a schema change failed", "error", err)
				}
			}()
		}
		return ce.Next()
	})
}

// appLog hands the engine's messages to the app's logger of the moment:
// the engine is made before the app boots and sets its logger up.
type appLog struct {
	app   core.App
	attrs []slog.Attr
}

func (h appLog) handler() slog.Handler {
	if len(h.attrs) == 0 {
		return h.app.Logger().Handler()
	}
	return h.app.Logger().Handler().WithAttrs(h.attrs)
}

func (h appLog) Enabled(ctx context.Context, l slog.Level) bool  { return h.handler().Enabled(ctx, l) }
func (h appLog) Handle(ctx context.Context, r slog.Record) error { return h.handler().Handle(ctx, r) }
func (h appLog) WithAttrs(as []slog.Attr) slog.Handler {
	return appLog{app: h.app, attrs: append(append([]slog.Attr(nil), h.attrs...), as...)}
}

// WithGroup binds the logger of the moment (the engine logs no groups).
func (h appLog) WithGroup(name string) slog.Handler { return h.handler().WithGroup(name) }

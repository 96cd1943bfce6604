package matching

import (
	"context"
	"log/slog"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/listings"
	"sponsorbridge/pb/internal/notify"
	"sponsorbridge/pb/search"
)

// Finder finds a listing's matches.
type Finder struct {
	app    core.App
	engine *search.Engine
	store  *listings.Store
	jobs   *notify.Jobs // the app's notification queue
}

// New makes a finder.
func New(app core.App, engine *search.Engine, store *listings.Store) *Finder {
	f := &Finder{app: app, engine: engine, store: store, jobs: notify.JobsOf(app)}
	app.Store().Set(storeKey, f)
	return f
}

const storeKey = "sb.matching"

// From returns the finder registered on app (tests wait on its
// announcements).
func From(app core.App) *Finder {
	f, _ := app.Store().Get(storeKey).(*Finder)
	return f
}

func other(k listings.Kind) listings.Kind {
	if k.IsRequest {
		return listings.Sponsorships
	}
	return listings.Requests
}

// For answers the matches of l (a listing of kind), best first, at most
// limit.
// verifiedOnly keeps only listings whose poster is verified.
func (f *Finder) For(ctx context.Context, kind listings.Kind, l *search.Listing, viewer listings.Viewer, limit int, verifiedOnly bool) ([]Match, error) {
	if !open(f.engine, l) {
		return []Match{}, nil
	}
	theirs := other(kind)
	filter := filterFor(kind, l)
	filter.VerifiedOnly = verifiedOnly
	res, err := f.engine.Search(ctx, theirs.Table, &search.Query{Filter: filter, Limit: candidates})
	if err != nil {
		return nil, err
	}
	// Rank on the index's facets (no database read); read in full only
	// the ones shown.
	facets := f.engine.Facets(theirs.Table, res.Rowids)
	ranked := make([]Match, 0, len(facets))
	for _, c := range facets {
		ranked = append(ranked, Match{score: score(l, kind, c), rowid: c.Rowid})
	}
	ranked = best(ranked, limit)
	rowids := make([]int64, len(ranked))
	for i, m := range ranked {
		rowids[i] = m.rowid
	}
	found, err := f.store.ByRowids(theirs, rowids, viewer)
	if err != nil {
		return nil, err
	}
	// ByRowids keeps the order given and leaves out listings deleted meanwhile
	out := make([]Match, 0, len(found))
	for _, listing := range found {
		out = append(out, Match{Listing: listing, Reasons: reasons(l, kind, listing)})
	}
	return out, nil
}

// notifyLimit bounds how many members one new listing notifies (the best
// matches' posters).
const notifyLimit = 50

// BindHooks tells the posters of matching listings when a listing becomes
// visible: one in-app notification each, and an e-mail batched at most
// once an hour per member. Off the request path.
func (f *Finder) BindHooks() {
	for _, kind := range listings.Kinds {
		f.app.OnRecordAfterCreateSuccess(kind.Table).BindFunc(func(e *core.RecordEvent) error {
			if !listings.HiddenRecord(e.Record) {
				f.announce(e.Record.Clone())
			}
			return e.Next()
		})
		f.app.OnRecordAfterUpdateSuccess(kind.Table).BindFunc(func(e *core.RecordEvent) error {
			if listings.HiddenRecord(e.Record.Original()) && !listings.HiddenRecord(e.Record) {
				f.announce(e.Record.Clone())
			}
			return e.Next()
		})
	}
}

// Wait blocks until the announcements so far are out (tests).
func (f *Finder) Wait() { f.jobs.Wait() }

func (f *Finder) announce(r *core.Record) {
	if !f.engine.Started() { // an app that never served has no index to match against
		return
	}
	f.jobs.Go(func() {
		l, err := listings.SearchListing(f.app, r)
		if err != nil {
			f.app.Logger().Warn("matching: reading the listing failed", slog.String("error", err.Error()))
			return
		}
		matches, err := f.For(context.Background(), listings.KindOf(r), l, listings.Viewer{}, notifyLimit, false)
		if err != nil {
			f.app.Logger().Warn("matching: announcing failed", slog.String("error", err.Error()))
			return
		}
		kind := listings.KindOf(r)
		what := map[bool]string{true: "request", false: "offer"}
		title := r.GetString("title")
		page := listings.PagePath(r)
		told := map[string]bool{}
		ds := make([]notify.Delivery, 0, len(matches))
		for _, m := range matches {
			owner := m.Listing.UserID
			if told[owner] {
				continue
			}
			told[owner] = true
			heading := "A new " + what[kind.IsRequest] + " matches your " + what[!kind.IsRequest] + " “" + notify.Clip(m.Listing.Title, 80) + "”"
			ds = append(ds, notify.Delivery{
				UserID: owner,
				Note:   &notify.Note{Type: notify.TypeMatch, Title: heading, Body: title, Link: page, Subject: r.Id},
				Digest: notify.DigestNote{Key: "matches", Topic: notify.TopicMatches,
					Subject: heading, SubjectN: "%d new listings match yours", Action: "See your listings", ActionPath: "/profile"},
				Item: notify.Item{Title: title, Body: joinReasons(m.Reasons), Link: page},
				// once per member and listing: approved again after an edit, it tells nobody twice
				Once: "match:" + r.Id,
			})
		}
		if err := notify.Fanout(f.app, ds); err != nil {
			f.app.Logger().Warn("matching: notifying failed", slog.String("error", err.Error()))
		}
	})
}

func joinReasons(rs []string) string {
	out := ""
	for i, r := range rs {
		if r == "" {
			continue
		}
		if i > 0 && out != "" {
			out += " · "
		}
		out += r
	}
	return out
}

package matching

import (
	"context"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/eligibility"
	"sponsorbridge/pb/internal/listings"
	"sponsorbridge/pb/internal/notify"
	"sponsorbridge/pb/internal/queue"
	"sponsorbridge/pb/search"
)

// Finder finds a listing's matches.
type Finder struct {
	app    core.App
	engine *search.Engine
	store  *listings.Store
	queue  *queue.Queue // the app's background queue (announcements run there)
}

// New makes a finder.
func New(app core.App, engine *search.Engine, store *listings.Store) *Finder {
	return &Finder{app: app, engine: engine, store: store, queue: queue.Of(app)}
}

func other(k listings.Kind) listings.Kind {
	if k.IsRequest {
		return listings.Sponsorships
	}
	return listings.Requests
}

// For answers the matches of l (listing id of kind, posted by the member
// whose profile is poster), best first, at most limit.
// only's flag fields (listings.ParseFlags: verified, reliable posters,
// packages) keep the listings they name. Who may apply
// (docs/api/eligibility.md) holds both ways: a request's matches are the
// offers its poster may apply to, an offer's the requests whose posters
// may apply to it.
func (f *Finder) For(ctx context.Context, kind listings.Kind, id string, l *search.Listing, poster *eligibility.Profile,
	viewer listings.Viewer, limit int, only search.Filter) ([]Match, error) {
	if !open(f.engine, l) || !kind.IsRequest && l.Criteria.Full {
		return []Match{}, nil // a full offer takes no one's application
	}
	theirs := other(kind)
	filter := listings.ForKind(theirs, listings.ForViewer(listings.WithFlags(filterFor(kind, l), only), viewer))
	if kind.IsRequest && poster != nil {
		// the engine leaves out the offers the poster fails
		filter.EligibleOnly, filter.Applicant = true, listings.SearchApplicant(*poster)
	}
	now := time.Now()
	var mine []tier // a request's own available tiers, cheapest first
	var err error
	if kind.IsRequest && l.HasTiers { // (no read for a request without packages)
		if mine, err = requestTiers(f.app, id, now); err != nil {
			return nil, err
		}
		if len(mine) > 0 && mine[0].price < *filter.MinAmount {
			filter.MinAmount = &mine[0].price // offers reaching its cheapest package
		}
	}
	res, err := f.engine.Search(ctx, theirs.Table, &search.Query{Filter: filter, Limit: candidates})
	if err != nil {
		return nil, err
	}
	rowids := res.Rowids
	// the requests' available tiers, for an offer, by rowid and by id
	byRowid, byID := map[int64][]tier{}, map[string][]tier{}
	if !kind.IsRequest {
		// Requests beyond half the offer's reach fit when it reaches one of
		// their packages: candidates of their own, checked against their
		// available tiers.
		wider := filter
		above := l.Amount*2 + 1
		wider.MinAmount, wider.MaxAmount, wider.HasTiers = &above, nil, true
		more, err := f.engine.Search(ctx, theirs.Table, &search.Query{Filter: wider, Limit: candidates})
		if err != nil {
			return nil, err
		}
		theirs, err := tiersOf(f.app, more.Rowids, now)
		if err != nil {
			return nil, err
		}
		for _, t := range theirs {
			byRowid[t.rowid] = append(byRowid[t.rowid], t)
			byID[t.id] = append(byID[t.id], t)
		}
		for _, r := range more.Rowids {
			if _, ok := reached(byRowid[r], l.Amount); ok {
				rowids = append(rowids, r)
			}
		}
	}
	// Rank on the index's facets (no database read); read in full only
	// the ones shown.
	facets := f.engine.Facets(theirs.Table, rowids)
	if !kind.IsRequest && l.Criteria.Restricts() {
		if facets, err = f.admittedPosters(l, facets); err != nil {
			return nil, err
		}
	}
	ranked := make([]Match, 0, len(facets))
	fit := func(other int64, tiers []tier) string { // the package the fit goes through, if any
		if kind.IsRequest {
			return packageFit(other, l.Amount, mine)
		}
		return packageFit(l.Amount, other, tiers)
	}
	for _, c := range facets {
		ranked = append(ranked, Match{score: score(l, kind, c, fit(c.Amount, byRowid[c.Rowid])), rowid: c.Rowid})
	}
	ranked = best(ranked, limit)
	rowids = make([]int64, len(ranked))
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
		out = append(out, Match{Listing: listing, Reasons: reasons(l, kind, listing, fit(amountOf(listing), byID[listing.ID]))})
	}
	return out, nil
}

// notifyLimit bounds how many members one new listing notifies (the best
// matches' posters).
const notifyLimit = 50

// Announce subscribes to listings.Visible: it queues telling the posters
// of the best matching listings, one in-app notification each and an
// e-mail batched at most once an hour per member. Off the request path; a
// job the queue refuses is logged and counted there.
func (f *Finder) Announce(e *listings.VisibleEvent) error {
	if f.engine.Started() { // an app that never served has no index to match against
		kind, id := e.Kind, e.ID
		_ = f.queue.Go(queue.Matches, func() error { return f.announce(kind, id) })
	}
	return e.Next()
}

// announce reads the listing as it is now (an edit meanwhile counts; one
// hidden again or closed meanwhile matches nothing) and tells its matches.
func (f *Finder) announce(kind listings.Kind, id string) error {
	r, l, err := listings.Reread(f.app, kind, id)
	if err != nil || r == nil {
		return err // a nil record was deleted meanwhile: nothing to tell
	}
	var poster *eligibility.Profile
	if kind.IsRequest { // the offers its poster may apply to
		u, err := f.app.FindRecordById("users", l.PosterID)
		if err != nil {
			return err
		}
		p := eligibility.ProfileOf(u)
		poster = &p
	}
	matches, err := f.For(context.Background(), kind, r.Id, l, poster, listings.Viewer{}, notifyLimit, search.Filter{})
	if err != nil {
		return err
	}
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
	return notify.Fanout(f.app, ds)
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

package savedsearch

import (
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/listings"
	"sponsorbridge/pb/internal/notify"
	"sponsorbridge/pb/internal/queue"
	"sponsorbridge/pb/search"
)

// Alert subscribes to listings.Visible: it queues the alerts of a newly
// visible listing for the owners of the saved searches it matches, an
// in-app notification at once (realtime, like messages) and an e-mail
// batched per saved search (at most one an hour). Posting never waits for
// it; a job the queue refuses is logged and counted there.
func (s *Service) Alert(e *listings.VisibleEvent) error {
	s.mu.RLock()
	loaded := s.perc != nil
	s.mu.RUnlock()
	if loaded { // before Load (and in apps that never load): nothing saved to match
		kind, id := e.Kind, e.ID
		_ = s.queue.Go(queue.Alerts, func() error { return s.alert(kind, id) })
	}
	return e.Next()
}

// alert matches the listing as it is now (an edit meanwhile counts; one
// hidden again or closed meanwhile alerts nobody) against every search.
func (s *Service) alert(kind listings.Kind, id string) error {
	listing, l, err := listings.Reread(s.app, kind, id)
	if err != nil || listing == nil {
		return err // a nil record was deleted meanwhile: nothing to tell
	}
	name := kind.Segment
	s.mu.RLock()
	var ids []string
	if p := s.perc[name]; p != nil {
		ids = p.Match(l)
	}
	matched := make([]stored, 0, len(ids))
	matchedIDs := make([]string, 0, len(ids))
	for _, id := range ids {
		if st, ok := s.owners[id]; ok {
			matched = append(matched, st)
			matchedIDs = append(matchedIDs, id)
		}
	}
	s.mu.RUnlock()
	matched, matchedIDs, err = s.forOwners(l, matched, matchedIDs)
	if err != nil {
		return err
	}
	return notify.Fanout(s.app, deliveries(listing, matched, matchedIDs))
}

// forOwners leaves out the searches whose conditions read their owner
// ("Open to my industry": their industry; "Only offers I can apply to":
// their profile) and which the listing fails for that owner. The
// percolator holds searches without their owners' industries and profiles
// (an owner may change them at any time): they are read now, in one query
// and only when the listing is closed to an industry or restricts who
// applies, as the list routes read the viewer's.
func (s *Service) forOwners(l *search.Listing, matched []stored, ids []string) ([]stored, []string, error) {
	reads := func(f search.Filter) bool {
		return f.OpenToMe && len(l.ClosedTo) > 0 || f.EligibleOnly && l.Criteria.Restricts()
	}
	var owners []string
	for _, st := range matched {
		if reads(st.filter) {
			owners = append(owners, st.user)
		}
	}
	if len(owners) == 0 {
		return matched, ids, nil
	}
	records, err := s.app.FindRecordsByIds("users", owners)
	if err != nil {
		return nil, nil, err
	}
	viewers := make(map[string]listings.Viewer, len(records))
	for _, r := range records {
		viewers[r.Id] = listings.ViewerOf(r)
	}
	keptSearches, keptIDs := matched[:0:0], ids[:0:0]
	for i, st := range matched {
		if reads(st.filter) {
			if f := listings.ForViewer(st.filter, viewers[st.user]); !s.engine.Match(&f, l) {
				continue
			}
		}
		keptSearches, keptIDs = append(keptSearches, st), append(keptIDs, ids[i])
	}
	return keptSearches, keptIDs, nil
}

func deliveries(listing *core.Record, matched []stored, matchedIDs []string) []notify.Delivery {
	title := listing.GetString("title")
	page := listings.PagePath(listing)
	ds := make([]notify.Delivery, 0, len(matched))
	for i, st := range matched {
		ds = append(ds, notify.Delivery{
			UserID: st.user,
			Digest: notify.DigestNote{
				Key: "alert:" + matchedIDs[i], Topic: notify.TopicAlerts,
				Subject:  "New listing for your saved search “" + st.name + "”",
				SubjectN: "%d new listings for your saved search “" + notify.Clip(st.name, 60) + "”",
				Action:   "Open the search", ActionPath: appURL(st.kind, st.filter),
			},
			Item: notify.Item{Title: title, Body: notify.Clip(listing.GetString("description"), 160), Link: page},
			// One in-app notification per member and listing, naming the
			// first of their searches it matches; one e-mail batch per
			// search. Each once ever: a listing approved again after an
			// edit alerts no search twice.
			Note: &notify.Note{Type: notify.TypeSavedSearch, Title: "New listing for “" + st.name + "”",
				Body: title, Link: page, Subject: listing.Id},
			Once: "alert:" + matchedIDs[i] + ":" + listing.Id, NoteOnce: "alert-note:" + listing.Id,
		})
	}
	return ds
}

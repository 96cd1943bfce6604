package savedsearch

import (
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/listings"
	"sponsorbridge/pb/internal/notify"
)

// dispatch alerts the owners of the saved searches a newly visible listing
// matches: an in-app notification at once (realtime, like messages) and an
// e-mail batched per saved search (at most one an hour). It runs off the
// request path: posting never waits for it.
func (s *Service) dispatch(listing *core.Record) {
	s.mu.RLock()
	loaded := s.perc != nil
	s.mu.RUnlock()
	if !loaded { // before Load (and in apps that never load): nothing saved to match
		return
	}
	kind := kindName(listing.Collection().Name)
	snapshot := listing.Clone()
	s.jobs.Go(func() { s.alert(kind, snapshot) })
}

func (s *Service) alert(kind string, listing *core.Record) {
	l, err := listings.SearchListing(s.app, listing)
	if err != nil {
		s.logError("reading the listing", err)
		return
	}
	s.mu.RLock()
	var ids []string
	if p := s.perc[kind]; p != nil {
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

	title := listing.GetString("title")
	page := listings.PagePath(listing)
	ds := make([]notify.Delivery, 0, len(matched))
	for i, st := range matched {
		d := notify.Delivery{
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
		}
		ds = append(ds, d)
	}
	s.logError("alerting", notify.Fanout(s.app, ds))
}

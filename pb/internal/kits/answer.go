package kits

import (
	"time"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/accounts"
	"sponsorbridge/pb/internal/evidence"
	"sponsorbridge/pb/internal/when"
)

// answer is the kit of owner (kit nil: none saved, an empty draft) as
// answered, its measured figures computed now. Its cost does not grow with
// the kit or the deals: one query for its files, two for the measured
// figures and the past sponsors, one for the sponsors' names.
func answer(app core.App, owner, kit *core.Record) (Kit, error) {
	now := time.Now()
	today := when.Day(now)
	out := Kit{Owner: accounts.ToPerson(owner), Segments: []Segment{}, Channels: []Channel{}, PastEvents: []PastEvent{}}
	var segs []storedSegment
	var chans []storedChannel
	var events []storedEvent
	audienceFile := ""
	if kit != nil {
		_ = kit.UnmarshalJSONField("segments", &segs)
		_ = kit.UnmarshalJSONField("channels", &chans)
		_ = kit.UnmarshalJSONField("pastEvents", &events)
		out.Headline = kit.GetString("headline")
		out.Published = kit.GetBool("published")
		out.PublishedAt = when.API(kit.GetDateTime("publishedAt").Time())
		out.UpdatedAt = when.API(kit.GetDateTime("updated").Time())
		if owner.GetString("audienceProvenance") == evidence.Evidenced {
			audienceFile = kit.GetString("audienceEvidence")
		}
	}
	ids := []string{audienceFile}
	for _, s := range segs {
		ids = append(ids, s.Evidence)
	}
	for _, c := range chans {
		ids = append(ids, c.Evidence)
	}
	for _, e := range events {
		ids = append(ids, e.Evidence)
	}
	// a figure is evidenced by one of the owner's own kit files, else self
	files, err := evidence.OfMember(app, owner.Id, ids...)
	if err != nil {
		return Kit{}, err
	}
	figure := func(v int, asOf, id string) Figure { return evidence.Stated(v, asOf, files[id], now) }
	if v := owner.GetInt("audience"); v > 0 || owner.GetString("audienceProvenance") == evidence.Measured {
		asOf := ""
		if d := owner.GetDateTime("audienceAsOf"); !d.IsZero() {
			asOf = d.Time().UTC().Format(time.DateOnly)
		}
		a := figure(v, asOf, audienceFile)
		if owner.GetString("audienceProvenance") == evidence.Measured {
			a = evidence.MeasuredAt(v, asOf)
		}
		out.Audience = &a
	}
	for _, s := range segs {
		out.Segments = append(out.Segments, Segment{ID: s.ID, Label: s.Label, Share: figure(s.Share, s.AsOf, s.Evidence)})
	}
	for _, c := range chans {
		out.Channels = append(out.Channels, Channel{ID: c.ID, Name: c.Name, URL: c.URL, Followers: figure(c.Followers, c.AsOf, c.Evidence)})
	}
	for _, e := range events {
		out.PastEvents = append(out.PastEvents, PastEvent{ID: e.ID, Name: e.Name, Date: e.Date, Attendance: figure(e.Attendance, e.AsOf, e.Evidence)})
	}
	if out.Measured, err = measure(app, owner.Id, today); err != nil {
		return Kit{}, err
	}
	if out.PastSponsors, err = pastSponsors(app, owner.Id); err != nil {
		return Kit{}, err
	}
	return out, nil
}

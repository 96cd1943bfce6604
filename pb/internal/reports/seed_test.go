package reports_test

import (
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/filesystem"

	"sponsorbridge/pb/internal/deals"
	"sponsorbridge/pb/internal/testutil"
)

// The seeded deals (ids of 15 letters and digits).
const (
	festival = "festival0000001" // rita's, sponsored by sam: completed
	pending  = "pending00000001" // the same two, still funded
	elsewise = "elsewise0000001" // sid's and olive's: completed
)

// The festival's proof picture, a picture of another deal, and evidence
// files of the festival and of the other deal.
const (
	festivalPhoto    = "festivalphoto01"
	elsewhereFoto    = "elsewherephoto1"
	festivalEvidence = "festivalproof01"
	otherEvidence    = "elsewhereproof1"
)

// seed: sam sponsored rita's festival ($20,000, music): three
// deliverables, one on time, one late by the Indian date, one without a
// due date (so 50% on time); a proof picture and two tracked links.
// olive is a stranger, boss an administrator.
func seed(t testing.TB, app core.App) {
	rita := testutil.CreateMember(t, app, "rita", testutil.MemberOpts{Email: "rita@example.com"})
	sam := testutil.CreateMember(t, app, "sam", testutil.MemberOpts{Email: "sam@example.com"})
	sid := testutil.CreateMember(t, app, "sid", testutil.MemberOpts{})
	olive := testutil.CreateMember(t, app, "olive", testutil.MemberOpts{})
	testutil.CreateMember(t, app, "boss", testutil.MemberOpts{Admin: true})
	saveDeal(t, app, dealOpts{id: festival, sponsor: sam.Id, recipient: rita.Id, amount: 20000, category: "music",
		status: deals.StatusCompleted, items: []deals.Deliverable{
			// 22:30 in India on the due date: on time
			{ID: "stage", Title: "Logo on the stage", Due: "2026-03-10", DoneAt: "2026-03-10T17:00:00Z", ProofPicture: festivalPhoto},
			// 00:30 in India the day after: late, though still the 10th in UTC
			{ID: "posts", Title: "Three posts", Due: "2026-03-10", DoneAt: "2026-03-10T19:00:00Z"},
			{ID: "thanks", Title: "A thank-you", DoneAt: "2026-03-12T10:00:00Z"},
		}})
	saveDeal(t, app, dealOpts{id: pending, sponsor: sam.Id, recipient: rita.Id, amount: 5000, category: "music", status: deals.StatusFunded})
	saveDeal(t, app, dealOpts{id: elsewise, sponsor: sid.Id, recipient: olive.Id, amount: 20000, category: "art", status: deals.StatusCompleted})
	savePicture(t, app, festivalPhoto, festival, rita.Id)
	savePicture(t, app, elsewhereFoto, elsewise, olive.Id)
	saveLink(t, app, festival, "FEST0001", "https://sponsor.example/a", 10, 7)
	saveLink(t, app, festival, "FEST0002", "https://sponsor.example/b", 5, 3)
	saveLink(t, app, elsewise, "ELSE0001", "https://else.example/", 99, 98)
	saveEvidence(t, app, festivalEvidence, festival, rita.Id)
	saveEvidence(t, app, otherEvidence, elsewise, olive.Id)
}

type dealOpts struct {
	id, sponsor, recipient, category, status, disputedAt string
	amount                                               int
	items                                                []deals.Deliverable
}

func saveDeal(t testing.TB, app core.App, o dealOpts) *core.Record {
	t.Helper()
	c, err := app.FindCollectionByNameOrId("deals")
	if err != nil {
		t.Fatal(err)
	}
	if o.items == nil {
		o.items = []deals.Deliverable{}
	}
	d := core.NewRecord(c)
	if o.id != "" {
		d.Id = o.id
	}
	d.Load(map[string]any{"listingKind": "sponsorship_requests", "listingId": "request00000001", "title": "Street festival",
		"sponsor": o.sponsor, "recipient": o.recipient, "amount": o.amount, "status": o.status, "category": o.category,
		"deliverables": o.items, "disputedAt": o.disputedAt, "fundedAt": "2026-03-01 10:00:00.000Z"})
	if o.status == deals.StatusCompleted {
		d.Set("completedAt", "2026-03-20 10:00:00.000Z")
	}
	if err := app.Save(d); err != nil {
		t.Fatal(err)
	}
	return d
}

func savePicture(t testing.TB, app core.App, id, dealID, author string) {
	t.Helper()
	c, err := app.FindCollectionByNameOrId("deal_pictures")
	if err != nil {
		t.Fatal(err)
	}
	r := core.NewRecord(c)
	r.Id = id
	r.Load(map[string]any{"deal": dealID, "author": author})
	r.Set("file", pngFile(t))
	if err := app.Save(r); err != nil {
		t.Fatal(err)
	}
}

func saveEvidence(t testing.TB, app core.App, id, dealID, owner string) {
	t.Helper()
	c, err := app.FindCollectionByNameOrId("evidence_files")
	if err != nil {
		t.Fatal(err)
	}
	r := core.NewRecord(c)
	r.Id = id
	r.Load(map[string]any{"deal": dealID, "owner": owner, "kind": "picture", "name": "tickets.png"})
	r.Set("file", pngFile(t))
	if err := app.Save(r); err != nil {
		t.Fatal(err)
	}
}

func saveLink(t testing.TB, app core.App, dealID, code, target string, visits, unique int) {
	t.Helper()
	c, err := app.FindCollectionByNameOrId("tracked_links")
	if err != nil {
		t.Fatal(err)
	}
	r := core.NewRecord(c)
	r.Load(map[string]any{"deal": dealID, "code": code, "target": target, "visits": visits, "uniqueVisitors": unique})
	if err := app.Save(r); err != nil {
		t.Fatal(err)
	}
}

func pngFile(t testing.TB) *filesystem.File {
	t.Helper()
	f, err := filesystem.NewFileFromBytes(testutil.LargePNG(t, 8, 8), "picture.png")
	if err != nil {
		t.Fatal(err)
	}
	return f
}

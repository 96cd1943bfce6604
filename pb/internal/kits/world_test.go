package kits_test

import (
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
	"github.com/pocketbase/pocketbase/tools/filesystem"
	"github.com/pocketbase/pocketbase/tools/types"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/evidence"
	"sponsorbridge/pb/internal/testutil"
)

// world is rita, who received sponsorship, and the deals around her:
//
//   - sam sponsored two counted deals ($1,000 with links of 300 + 200
//     unique visitors, and two deliverables due 10 January: one done that
//     evening in India, late, one that morning; $500 with 100 visitors);
//   - hank one counted deal ($700, 50 visitors) but hides as a past sponsor;
//   - gone one counted deal ($300, no link), then deleted his account;
//   - cara a cancelled deal and dora a disputed-then-completed one: their
//     money and reach (10,000 and 20,000 visitors) count nowhere.
//
// Her measured figures: 4 deals, $2,500, on time 50%, reach 500 largest and
// 650 in all; her only past sponsor listed is sam (2 deals).
type world struct {
	app  *tests.TestApp
	j    *testutil.Journey
	rita *core.Record
}

func newWorld(t *testing.T) *world {
	t.Helper()
	app := apptest.NewApp(t, testutil.Config())
	t.Cleanup(app.Cleanup)
	w := &world{app: app}
	w.rita = testutil.CreateMember(t, app, "rita", testutil.MemberOpts{})
	member := func(name string) *core.Record { return testutil.CreateMember(t, app, name, testutil.MemberOpts{}) }
	sam, hank, gone, cara, dora := member("sam"), member("hank"), member("gone"), member("cara"), member("dora")
	member("vic")
	testutil.CreateMember(t, app, "ada", testutil.MemberOpts{Admin: true})
	hank.Set("hideAsPastSponsor", true)
	if err := app.Save(hank); err != nil {
		t.Fatal(err)
	}
	late := []map[string]any{
		{"id": "a", "title": "Banner", "due": "2026-01-10", "doneAt": "2026-01-10T20:00:00Z"}, // 11 January in India
		{"id": "b", "title": "Post", "due": "2026-01-10", "doneAt": "2026-01-10T10:00:00Z"},
		{"id": "c", "title": "Thanks", "due": "", "doneAt": "2026-01-12T10:00:00Z"},
	}
	w.deal(t, sam, "completed", 1000, "2026-02-01 10:00:00.000Z", "", late, 300, 200)
	w.deal(t, sam, "completed", 500, "2026-03-01 10:00:00.000Z", "", nil, 100)
	w.deal(t, hank, "completed", 700, "2026-04-01 10:00:00.000Z", "", nil, 50)
	w.deal(t, gone, "completed", 300, "2026-05-01 10:00:00.000Z", "", nil)
	w.deal(t, cara, "cancelled", 9000, "", "", nil, 10000)
	w.deal(t, dora, "completed", 8000, "2026-06-01 10:00:00.000Z", "2026-05-20 10:00:00.000Z", nil, 20000)
	if err := app.Delete(gone); err != nil {
		t.Fatal(err)
	}
	w.j = testutil.NewJourney(t, app)
	return w
}

// deal saves a deal of sponsor to rita and tracked links with these unique
// visitors, and answers its id.
func (w *world) deal(t testing.TB, sponsor *core.Record, status string, amount int, completedAt, disputedAt string, items []map[string]any, visitors ...int) string {
	t.Helper()
	c, err := w.app.FindCollectionByNameOrId("deals")
	if err != nil {
		t.Fatal(err)
	}
	if items == nil {
		items = []map[string]any{}
	}
	d := core.NewRecord(c)
	d.Load(map[string]any{"listingKind": "sponsorships", "listingId": "abcdefghijklmno", "title": "Robotics kits",
		"sponsor": sponsor.Id, "recipient": w.rita.Id, "amount": amount, "status": status, "deliverables": items,
		"completedAt": completedAt, "disputedAt": disputedAt})
	if err := w.app.Save(d); err != nil {
		t.Fatal(err)
	}
	for _, n := range visitors {
		w.link(t, d.Id, n)
	}
	return d.Id
}

// link saves a tracked link of the deal with n unique visitors, the last
// one now.
func (w *world) link(t testing.TB, dealID string, n int) *core.Record {
	t.Helper()
	c, err := w.app.FindCollectionByNameOrId("tracked_links")
	if err != nil {
		t.Fatal(err)
	}
	l := core.NewRecord(c)
	l.Load(map[string]any{"deal": dealID, "code": core.GenerateDefaultRandomId()[:8], "target": "https://example.org",
		"visits": n, "uniqueVisitors": n, "lastVisitAt": types.NowDateTime()})
	if err := w.app.Save(l); err != nil {
		t.Fatal(err)
	}
	return l
}

// file stores an evidence file of owner's: a kit's, or the deal's.
func (w *world) file(t testing.TB, owner *core.Record, dealID string) string {
	t.Helper()
	c, err := w.app.FindCollectionByNameOrId(evidence.Collection)
	if err != nil {
		t.Fatal(err)
	}
	f, err := filesystem.NewFileFromBytes([]byte("%PDF-1.4\n%%EOF\n"), "evidence.pdf")
	if err != nil {
		t.Fatal(err)
	}
	r := core.NewRecord(c)
	r.Load(map[string]any{"owner": owner.Id, "deal": dealID, "kind": evidence.KindPDF, "name": "tickets.pdf"})
	r.Set("file", f)
	if err := w.app.Save(r); err != nil {
		t.Fatal(err)
	}
	return r.Id
}

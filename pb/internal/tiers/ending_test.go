package tiers_test

import (
	"errors"
	"net/http"
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/deals"
	"sponsorbridge/pb/internal/testutil"
)

// Every way a pledge ends gives its slot back and takes its industry's
// exclusivity with it; a funded deal's slot is sold, no longer held.
func TestASlotIsFreedByEveryEnding(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	seed(t, app)
	j := testutil.NewJourney(t, app)
	gold := func() *core.Record { return tier(t, app, "Summer fest", "Gold") }
	held := func(step string, taken int, exclusive string) {
		t.Helper()
		agree(t, app, "Summer fest")
		if got := gold().GetInt("taken"); got != taken {
			t.Errorf("%s: Gold taken %d, want %d", step, got, taken)
		}
		if got := request(t, app, "Summer fest").GetString("exclusiveIndustries"); got != exclusive {
			t.Errorf("%s: exclusiveIndustries %s, want %s", step, got, exclusive)
		}
	}
	dealOf := func(c *core.Record) *core.Record {
		t.Helper()
		d, err := app.FindFirstRecordByFilter("deals", "commitment = {:c}", dbx.Params{"c": c.Id})
		if err != nil {
			t.Fatal(err)
		}
		return d
	}

	c := pledged(t, app, "bev", "Summer fest", "Gold")
	held("bev picks Gold", 1, `["beverages"]`)
	j.Do(t, testutil.Call{Name: "the sponsor withdraws", Who: "bev", Method: http.MethodPost, URL: "/api/commitments/" + c.Id + "/withdraw",
		Body: `{"reason":"Budget cut"}`, Status: 200, Events: testutil.WritesAmidMail(3, 4), Want: []string{`"status":"withdrawn"`}})
	held("withdrawn", 0, `[]`)

	j.Do(t, testutil.Call{Name: "the freed slot is taken by the next picker", Who: "bev2", Method: http.MethodPost, URLOf: sponsorURL("Summer fest"),
		Prepare: pick("Gold"), Status: 201, Events: pickedWrites, Want: []string{`"name":"Gold"}`}})
	held("bev2 picks Gold", 1, `["beverages"]`)
	c2, err := app.FindFirstRecordByFilter("commitments", "status = 'active' && tier = {:t}", dbx.Params{"t": gold().Id})
	if err != nil {
		t.Fatal(err)
	}
	j.Do(t, testutil.Call{Name: "the poster cancels the deal before funding", Who: "dan", Method: http.MethodPost,
		URL: "/api/deals/" + dealOf(c2).Id + "/cancel", Body: `{"reason":"Not a fit"}`, Status: 200, Events: testutil.WritesAmidMail(2, 3),
		Want: []string{`"status":"cancelled"`, `"holdUntil":""`, `"name":"Gold"}`}})
	held("cancelled by the poster", 0, `[]`)

	c3 := pledged(t, app, "tel", "Summer fest", "Gold")
	held("tel picks Gold", 1, `["telecom"]`)
	d3 := dealOf(c3)
	j.Do(t, testutil.Call{Name: "the deal shows its hold", Who: "tel", Method: http.MethodGet, URL: "/api/deals/" + d3.Id, Status: 200,
		Want: []string{`"holdUntil":"20`, `"tier":{"id":"` + gold().Id + `","name":"Gold"}`, `"proposedBy":"` + testutil.FindByUsername(t, app, "dan").Id + `"`}})
	var ended *core.Record
	if err := app.RunInTransaction(func(tx core.App) error {
		ended, err = deals.EndHold(tx, d3.Id)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if ended.GetString("status") != deals.StatusCancelled || ended.GetString("cancelledBy") != "" ||
		ended.GetString("cancelReason") != "The hold on the “Gold” package ended before the deal was funded, so the slot is free again." {
		t.Errorf("the ended hold's deal: %s by %q: %s", ended.GetString("status"), ended.GetString("cancelledBy"), ended.GetString("cancelReason"))
	}
	if w := testutil.Find(t, app, "commitments", c3.Id); w.GetString("status") != "withdrawn" || w.GetString("withdrawReason") != ended.GetString("cancelReason") {
		t.Errorf("the pledge of the ended hold is %s: %s", w.GetString("status"), w.GetString("withdrawReason"))
	}
	held("the hold ended", 0, `[]`)
	endAgain := func(id string) error {
		return app.RunInTransaction(func(tx core.App) error { _, err := deals.EndHold(tx, id); return err })
	}
	if err := endAgain(d3.Id); !errors.Is(err, deals.ErrNotHeld) {
		t.Errorf("ending an ended hold again: %v", err)
	}

	// a funded deal's slot is sold: no hold, nothing the job may end
	c4 := pledged(t, app, "oth", "Summer fest", "Silver")
	d4 := dealOf(c4)
	j.Do(t, testutil.Call{Name: "the sponsor agrees to the package's benefits", Who: "oth", Method: http.MethodPost, URL: "/api/deals/" + d4.Id + "/agree",
		Body: `{"version":0}`, Status: 200, Events: testutil.WritesAmidMail(2, 1), Want: []string{`"status":"agreed"`, `"title":"Two passes"`}})
	j.Do(t, testutil.Call{Name: "sends the money", Who: "oth", Method: http.MethodPost, URL: "/api/deals/" + d4.Id + "/funds-sent",
		Status: 200, Events: testutil.WritesAmidMail(2, 1), Want: []string{`"fundsSentAt":"20`}})
	j.Do(t, testutil.Call{Name: "the poster confirms: funded, the hold is gone", Who: "dan", Method: http.MethodPost, URL: "/api/deals/" + d4.Id + "/funds-received",
		Status: 200, Events: testutil.WritesAmidMail(2, 1), Want: []string{`"status":"funded"`, `"holdUntil":""`, `"name":"Silver"}`}})
	if h := testutil.Find(t, app, "deals", d4.Id).GetString("holdUntil"); h != "" {
		t.Errorf("a funded deal keeps holdUntil %q", h)
	}
	if err := endAgain(d4.Id); !errors.Is(err, deals.ErrNotHeld) {
		t.Errorf("ending a funded deal's hold: %v", err)
	}
	if got := tier(t, app, "Summer fest", "Silver").GetInt("taken"); got != 1 {
		t.Errorf("the funded Silver slot: taken %d", got)
	}
	agree(t, app, "Summer fest")
}

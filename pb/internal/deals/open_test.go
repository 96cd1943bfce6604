package deals_test

import (
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/deals"
	"sponsorbridge/pb/internal/testutil"
)

// Opening a deal, with no request around it: the deal holds the amount as
// given, starts negotiating at version 0 with no deliverables, and its
// history starts with the opening in dollars.
func TestOpenStartsTheDealAndItsHistory(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	seed(t, app)
	rita, sam := testutil.FindByUsername(t, app, "rita"), testutil.FindByUsername(t, app, "sam")
	req, err := app.FindFirstRecordByData("sponsorship_requests", "title", "Street festival")
	if err != nil {
		t.Fatal(err)
	}
	var d *core.Record
	err = app.RunInTransaction(func(tx core.App) error {
		var err error
		d, err = deals.Open(tx, deals.Opening{ListingTable: "sponsorship_requests", ListingID: req.Id, Title: "Street festival",
			Sponsor: sam.Id, Recipient: rita.Id, Amount: 1234})
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	d = testutil.Find(t, app, "deals", d.Id)
	if d.GetInt("amount") != 1234 || d.GetString("status") != deals.StatusNegotiating || d.GetInt("version") != 0 ||
		d.GetString("deliverables") != "[]" {
		t.Errorf("opened deal: %d %s v%d %s", d.GetInt("amount"), d.GetString("status"), d.GetInt("version"), d.GetString("deliverables"))
	}
	events, err := app.FindAllRecords("deal_events", dbx.HashExp{"deal": d.Id})
	if err != nil || len(events) != 1 {
		t.Fatalf("history: %v %v", events, err)
	}
	if e := events[0]; e.GetString("kind") != "opened" || e.GetString("actor") != sam.Id || e.GetString("text") != "Deal opened for $1,234." {
		t.Errorf("first entry: %s by %s: %q", e.GetString("kind"), e.GetString("actor"), e.GetString("text"))
	}
}

package deals

import (
	"fmt"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/listings"
	"sponsorbridge/pb/internal/notify"
	"sponsorbridge/pb/internal/refusal"
)

// MaxUpdate bounds an update to a request's sponsors, in characters.
const MaxUpdate = 2000

// UpdateInput is the body of POST /api/sponsorship-requests/{id}/updates
// (JSON, or multipart form data with a picture).
type UpdateInput struct {
	Body string `json:"body"`
	// Picture is the update's picture (nil for none).
	Picture *Picture `json:"-"`
}

func (f *UpdateInput) validate() error {
	return apierr.Text("body", "Update", &f.Body, "Write the update", MaxUpdate)
}

var errNoSponsors = refusal.Conflictf("This request has no sponsors to update yet.")

// updatableRequest is request requestID when me may post an update to its
// sponsors; withSponsors also asks that it has some.
func updatableRequest(app core.App, requestID string, me *core.Record, withSponsors bool) (*core.Record, error) {
	request, err := app.FindRecordById(listings.Requests.Table, requestID)
	if err != nil || !listings.VisibleTo(request, me) {
		return nil, refusal.NotFoundf("Listing not found.")
	}
	if request.GetString("user") != me.Id {
		return nil, refusal.Forbiddenf("Only the poster of the request can post updates to its sponsors.")
	}
	if withSponsors {
		var n int
		if err := sponsorDeals(app, request.Id).Select("COUNT(*)").Row(&n); err != nil {
			return nil, err
		}
		if n == 0 {
			return nil, errNoSponsors
		}
	}
	return request, nil
}

// CheckUpdate answers why me may not post an update to request requestID's
// sponsors now (a refusal), from what the URL names alone: a route reading
// a picture asks first, before it holds an upload slot or reads the
// picture. PostUpdate checks it again.
func CheckUpdate(app core.App, requestID string, me *core.Record) error {
	_, err := updatableRequest(app, requestID, me, true)
	return err
}

// PostUpdate: the poster of a request tells every sponsor whose deal is
// not cancelled, in one transaction: the update, and a notification (and
// e-mail, per their choices) to each, linking to their own deal. Its
// picture is checked and re-encoded once the member may post.
func PostUpdate(app core.App, requestID string, me *core.Record, in UpdateInput) (*core.Record, error) {
	if err := invalid(in.validate()); err != nil {
		return nil, err
	}
	request, err := updatableRequest(app, requestID, me, false)
	if err != nil {
		return nil, err
	}
	if err := in.Picture.prepare(); err != nil {
		return nil, err
	}
	pic := in.Picture.prepared()
	var update *core.Record
	err = app.RunInTransaction(func(tx core.App) error {
		var deals []*core.Record
		if err := sponsorDeals(tx, request.Id).All(&deals); err != nil {
			return err
		}
		if len(deals) == 0 {
			return errNoSponsors
		}
		c, err := tx.FindCachedCollectionByNameOrId("request_updates")
		if err != nil {
			return err
		}
		update = core.NewRecord(c)
		update.Load(map[string]any{"request": request.Id, "author": me.Id, "body": in.Body})
		if pic != nil {
			update.Set("picture", pic.id)
		}
		if err := tx.Save(update); err != nil {
			return err
		}
		if pic != nil {
			if err := pic.save(tx, "", update.Id, me.Id); err != nil {
				return err
			}
		}
		title := fmt.Sprintf("%s posted an update on %s", name(me), "“"+notify.Clip(request.GetString("title"), 80)+"”")
		for _, d := range deals {
			if err := notify.Create(tx, notify.Note{UserID: d.GetString("sponsor"), Type: notify.TypeDeal, Title: title,
				Body: notify.Clip(in.Body, 300), Link: "/deals/" + d.Id, Subject: update.Id}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return update, nil
}

// sponsorDeals are the deals of the request's sponsors that are not
// cancelled: who an update goes to.
func sponsorDeals(app core.App, requestID string) *dbx.SelectQuery {
	return app.RecordQuery("deals").AndWhere(dbx.HashExp{"listingId": requestID, "listingKind": listings.Requests.Table}).
		AndWhere(dbx.Not(dbx.HashExp{"status": StatusCancelled})).AndWhere(dbx.Not(dbx.HashExp{"sponsor": ""}))
}

// updateRecords are the updates on a deal's request, oldest first (none for
// a deal from an application): on a cancelled deal only those posted while
// it was not, as a sponsor who left reads nothing the poster tells later.
func updateRecords(app core.App, d *core.Record) ([]*core.Record, error) {
	if d.GetString("listingKind") != listings.Requests.Table {
		return nil, nil
	}
	q := app.RecordQuery("request_updates").AndWhere(dbx.HashExp{"request": d.GetString("listingId")})
	if until, cut := updatesUntil(d); cut {
		q = q.AndWhere(dbx.NewExp("created <= {:until}", dbx.Params{"until": until}))
	}
	var rows []*core.Record
	if err := q.OrderBy("created ASC", "rowid ASC").All(&rows); err != nil {
		return nil, err
	}
	return rows, nil
}

// updatesUntil says when a deal's sponsor stopped reading its request's
// updates: when the deal was cancelled (its pledge withdrawn, or the deal
// cancelled by either side or the administrators), as stored.
func updatesUntil(d *core.Record) (string, bool) {
	if d.GetString("status") != StatusCancelled {
		return "", false
	}
	return d.GetDateTime("cancelledAt").String(), true
}

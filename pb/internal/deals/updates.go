package deals

import (
	"errors"
	"fmt"
	"net/http"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/accounts"
	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/limits"
	"sponsorbridge/pb/internal/listings"
	"sponsorbridge/pb/internal/notify"
	"sponsorbridge/pb/internal/when"
)

// MaxUpdate bounds an update to a request's sponsors, in characters.
const MaxUpdate = 2000

// Update is what a request's poster told all its sponsors.
type Update struct {
	ID   string `json:"id"`
	Body string `json:"body"`
	// Picture is the id of the update's picture ("" for none), read on a
	// sponsor's deal at GET /api/deals/{id}/pictures/{picture}.
	Picture   string          `json:"picture"`
	Author    accounts.Person `json:"author"`
	CreatedAt string          `json:"createdAt"`
}

var errNoSponsors = errors.New("deals: no sponsor to update")

type updateForm struct {
	Body string `json:"body"`
}

func (f *updateForm) validate() error {
	return apierr.Text("body", "Update", &f.Body, "Write the update", MaxUpdate)
}

// updatableRequest is the request of the URL when the member may post an
// update to its sponsors; withSponsors also asks that it has some (before
// a picture is read; the transaction asks again).
func updatableRequest(e *core.RequestEvent, withSponsors bool) (*core.Record, error) {
	request, err := e.App.FindRecordById("sponsorship_requests", e.Request.PathValue("id"))
	if err != nil || !listings.VisibleTo(request, e.Auth) {
		return nil, e.NotFoundError("Listing not found.", nil)
	}
	if request.GetString("user") != e.Auth.Id {
		return nil, e.ForbiddenError("Only the poster of the request can post updates to its sponsors.", nil)
	}
	if withSponsors {
		var n int
		if err := sponsorDeals(e.App, request.Id).Select("COUNT(*)").Row(&n); err != nil {
			return nil, e.InternalServerError("", err)
		}
		if n == 0 {
			return nil, e.Error(http.StatusConflict, "This request has no sponsors to update yet.", nil)
		}
	}
	return request, nil
}

// postUpdate: the poster of a request tells every sponsor whose deal is
// not cancelled, in one transaction: the update, and a notification (and
// e-mail, per their choices) to each, linking to their own deal.
func postUpdate(e *core.RequestEvent) error {
	multipart := limits.IsMultipart(e)
	var request *core.Record
	if multipart {
		// From the URL alone, before the request holds an upload slot or
		// reads its picture; the transaction checks the sponsors again.
		var err error
		if request, err = updatableRequest(e, true); err != nil {
			return err
		}
	}
	form := &updateForm{}
	raw, err := readForm(e, form, map[string]*string{"body": &form.Body})
	if err != nil {
		return err
	}
	defer raw.close()
	if err := form.validate(); err != nil {
		return e.BadRequestError("Please check the highlighted fields.", err)
	}
	if !multipart {
		if request, err = updatableRequest(e, false); err != nil {
			return err
		}
	}
	pic, err := preparePicture(e, raw)
	if err != nil {
		return err
	}
	var update *core.Record
	err = e.App.RunInTransaction(func(tx core.App) error {
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
		update.Load(map[string]any{"request": request.Id, "author": e.Auth.Id, "body": form.Body})
		if pic != nil {
			update.Set("picture", pic.id)
		}
		if err := tx.Save(update); err != nil {
			return err
		}
		if pic != nil {
			if err := pic.save(tx, "", update.Id, e.Auth.Id); err != nil {
				return err
			}
		}
		title := fmt.Sprintf("%s posted an update on %s", name(e.Auth), "“"+notify.Clip(request.GetString("title"), 80)+"”")
		for _, d := range deals {
			if err := notify.Create(tx, notify.Note{UserID: d.GetString("sponsor"), Type: notify.TypeDeal, Title: title,
				Body: notify.Clip(form.Body, 300), Link: "/deals/" + d.Id, Subject: update.Id}); err != nil {
				return err
			}
		}
		return nil
	})
	switch {
	case errors.Is(err, errNoSponsors):
		return e.Error(http.StatusConflict, "This request has no sponsors to update yet.", nil)
	case err != nil:
		return apierr.Or500(e, err)
	}
	return e.JSON(http.StatusCreated, toUpdate(e.App, update))
}

// sponsorDeals are the deals of the request's sponsors that are not
// cancelled: who an update goes to.
func sponsorDeals(app core.App, requestID string) *dbx.SelectQuery {
	return app.RecordQuery("deals").AndWhere(dbx.HashExp{"listingId": requestID, "listingKind": "sponsorship_requests"}).
		AndWhere(dbx.Not(dbx.HashExp{"status": StatusCancelled})).AndWhere(dbx.Not(dbx.HashExp{"sponsor": ""}))
}

// updateRecords are the updates on a deal's request, oldest first (none for
// a deal from an application): on a cancelled deal only those posted while
// it was not, as a sponsor who left reads nothing the poster tells later.
func updateRecords(app core.App, d *core.Record) ([]*core.Record, error) {
	if d.GetString("listingKind") != "sponsorship_requests" {
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

func toUpdate(app core.App, r *core.Record) Update {
	people, _ := accounts.LoadPeople(app, r.GetString("author")) // unread, the author shows as deleted, as PersonOf has it
	return updateOf(r, people)
}

// updateOf maps a request_updates record whose author people holds.
func updateOf(r *core.Record, people accounts.People) Update {
	return Update{ID: r.Id, Body: r.GetString("body"), Picture: r.GetString("picture"), Author: people.Of(r.GetString("author")),
		CreatedAt: when.API(r.GetDateTime("created").Time())}
}

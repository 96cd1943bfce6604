package deals

import (
	"errors"
	"fmt"
	"net/http"
	"slices"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/guarded"
	"sponsorbridge/pb/internal/notify"
)

// side is who may take a step.
type side int

const (
	either side = iota
	sponsorOnly
	recipientOnly
)

// step is one change of a deal by one of its members.
type step struct {
	by side
	// from are the states the step may start from; refused says why not,
	// in the member's words.
	from    []string
	refused string
	// change checks what else the step needs (answering an *router.ApiError)
	// and says what it writes, its history entry and the other side's note.
	change func(d *core.Record, me *core.Record, now string) (outcome, error)
}

// outcome is what a step writes and says.
type outcome struct {
	set       map[string]any // the deal's fields
	event     string         // history kind
	text      string         // history text
	noteTitle string         // the other side's notification ("" for none)
	// adminTitle is every administrator's notification ("" for none): a
	// step they must act on (a dispute) reaches them without a visit.
	adminTitle string
	afterwards func(tx core.App, d *core.Record) error
}

// take runs a step on the deal of the route's {id}: the member must be on
// the deal (404 otherwise) and on the step's side (403), the deal in one of
// its states (409), and nothing else may have changed it since it was read
// (guarded.Update on the status and version it read: 409).
func take(e *core.RequestEvent, s step) error {
	me := e.Auth
	d, err := s.admit(e)
	if err != nil {
		return err
	}
	err = e.App.RunInTransaction(func(tx core.App) error {
		now := types.NowDateTime().String()
		out, err := s.change(d, me, now)
		if err != nil {
			return err
		}
		d, err = guarded.Update(tx, "deals", d.Id, guarded.Unchanged(d, "version", "status"), func(r *core.Record) {
			for k, v := range out.set {
				r.Set(k, v)
			}
			r.Set("version", r.GetInt("version")+1)
		})
		if err != nil {
			return err
		}
		if err := countReached(tx, d, out.set["status"]); err != nil {
			return err
		}
		if out.afterwards != nil {
			if err := out.afterwards(tx, d); err != nil {
				return err
			}
		}
		if err := record(tx, d.Id, me.Id, out.event, out.text); err != nil {
			return err
		}
		if out.noteTitle != "" && other(d, me.Id) != "" { // nobody left to tell: nothing to say
			if err := notify.Create(tx, notify.Note{
				UserID: other(d, me.Id), Type: notify.TypeDeal, Title: out.noteTitle, Body: out.text,
				Link: "/deals/" + d.Id, Subject: d.Id,
			}); err != nil {
				return err
			}
		}
		if out.adminTitle != "" {
			if err := notify.ToAdministrators(tx, notify.Note{Type: notify.TypeDeal, Title: out.adminTitle, Body: out.text,
				Link: AdminDisputesPath, Subject: d.Id}, me.Id); err != nil {
				return err
			}
		}
		return nil
	})
	switch {
	case errors.Is(err, guarded.ErrStale):
		return e.Error(http.StatusConflict, "This deal changed while you were looking at it. Reload it and try again.", nil)
	case errors.Is(err, ErrPledgeFunded):
		return e.Error(http.StatusConflict, "This deal is funded: cancelling it needs both sides now.", nil)
	case err != nil:
		return apierr.Or500(e, err)
	}
	out, err := withEvents(e.App, d)
	if err == nil {
		out.Reviews, err = reviewsOf(e.App, d, me.Id)
	}
	if err != nil {
		return e.InternalServerError("", err)
	}
	return e.JSON(http.StatusOK, out)
}

// admit loads the deal of the route's {id} and answers why the member may
// not take the step on it now, if they may not.
func (s step) admit(e *core.RequestEvent) (*core.Record, error) {
	me := e.Auth
	d, err := e.App.FindRecordById("deals", e.Request.PathValue("id"))
	if err != nil || (d.GetString("sponsor") != me.Id && d.GetString("recipient") != me.Id) {
		return nil, e.NotFoundError("Deal not found.", nil)
	}
	switch {
	case s.by == sponsorOnly && d.GetString("sponsor") != me.Id:
		return nil, e.ForbiddenError("Only the sponsor can do this.", nil)
	case s.by == recipientOnly && d.GetString("recipient") != me.Id:
		return nil, e.ForbiddenError("Only the recipient can do this.", nil)
	}
	if !slices.Contains(s.from, d.GetString("status")) {
		return nil, e.Error(http.StatusConflict, fmt.Sprintf("This deal is %s: %s", d.GetString("status"), s.refused), nil)
	}
	return d, nil
}

// other is the deal's member who is not id.
func other(d *core.Record, id string) string {
	if d.GetString("sponsor") == id {
		return d.GetString("recipient")
	}
	return d.GetString("sponsor")
}

func name(me *core.Record) string { return notify.Clip(me.GetString("displayName"), 40) }

func titleOf(d *core.Record) string { return "“" + notify.Clip(d.GetString("title"), 80) + "”" }

// conflict is a 409 with the member's words, from inside a step.
func conflict(e *core.RequestEvent, msg string) error { return e.Error(http.StatusConflict, msg, nil) }

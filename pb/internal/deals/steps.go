package deals

import (
	"errors"
	"fmt"
	"slices"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"sponsorbridge/pb/internal/guarded"
	"sponsorbridge/pb/internal/notify"
	"sponsorbridge/pb/internal/refusal"
)

// side is who may take a step.
type side int

const (
	either side = iota
	sponsorOnly
	recipientOnly
)

// Step is one change of a deal by one of its members, taking input In
// (NoInput for a step that takes none). The steps are the package's
// variables Propose, Agree, FundsSent, FundsReceived, Done, Complete,
// Cancel, Dispute and Answer; Take runs one.
type Step[In any] struct {
	by side
	// from are the states the step may start from; refused says why not,
	// in the member's words.
	from    []string
	refused string
	// check validates (and trims) the input: field errors, or nil.
	check func(in *In) error
	// ready runs once the member may take the step on the deal, before its
	// transaction: the costly part of the input (a picture) is prepared only
	// then. It answers a refusal or an internal error.
	ready func(in *In) error
	// change checks what else the step needs (answering a refusal) and says
	// what it writes, its history entry and the other side's note.
	change func(d, me *core.Record, now string, in In) (outcome, error)
}

// NoInput is the input of a step that takes none.
type NoInput struct{}

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

// Refusals every step may answer.
var (
	errDealNotFound = refusal.NotFoundf("Deal not found.")
	errDealChanged  = refusal.Conflictf("This deal changed while you were looking at it. Reload it and try again.")
	errFundedPledge = refusal.Conflictf("This deal is funded: cancelling it needs both sides now.")
)

// Take runs step s with input in on deal dealID for member me, and answers
// the deal as the step left it. The input must be valid (Invalid, with its
// field errors), the member on the deal (NotFound) and on the step's side
// (Forbidden), the deal in one of the step's states (Conflict), and nothing
// else may have changed it since it was read (guarded.Update on the status
// and version it read: Conflict). The change, its history entry, what
// follows it and the notifications are one transaction (app's, or a new one).
func Take[In any](app core.App, dealID string, me *core.Record, s Step[In], in In) (*core.Record, error) {
	if s.check != nil {
		if err := s.check(&in); err != nil {
			return nil, invalid(err)
		}
	}
	d, err := s.Admit(app, dealID, me)
	if err != nil {
		return nil, err
	}
	if s.ready != nil {
		if err := s.ready(&in); err != nil {
			return nil, err
		}
	}
	err = app.RunInTransaction(func(tx core.App) error {
		now := types.NowDateTime().String()
		out, err := s.change(d, me, now, in)
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
		return follow(tx, d, me, out)
	})
	switch {
	case errors.Is(err, guarded.ErrStale):
		return nil, errDealChanged
	case errors.Is(err, ErrPledgeFunded):
		return nil, errFundedPledge
	case err != nil:
		return nil, err
	}
	return d, nil
}

// follow is what a step's change brings along in its transaction: the
// counters, the step's own afterwards, its history entry and notifications.
func follow(tx core.App, d, me *core.Record, out outcome) error {
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
		return notify.ToAdministrators(tx, notify.Note{Type: notify.TypeDeal, Title: out.adminTitle, Body: out.text,
			Link: AdminDisputesPath, Subject: d.Id}, me.Id)
	}
	return nil
}

// Admit loads deal dealID and answers why me may not take the step on it
// now (a refusal), if they may not. Take admits again; a route that reads
// a costly body (a picture) admits first, so a refused step reads none.
func (s Step[In]) Admit(app core.App, dealID string, me *core.Record) (*core.Record, error) {
	d, err := app.FindRecordById("deals", dealID)
	if err != nil || (d.GetString("sponsor") != me.Id && d.GetString("recipient") != me.Id) {
		return nil, errDealNotFound
	}
	switch {
	case s.by == sponsorOnly && d.GetString("sponsor") != me.Id:
		return nil, refusal.Forbiddenf("Only the sponsor can do this.")
	case s.by == recipientOnly && d.GetString("recipient") != me.Id:
		return nil, refusal.Forbiddenf("Only the recipient can do this.")
	}
	if !slices.Contains(s.from, d.GetString("status")) {
		return nil, refusal.Conflictf(fmt.Sprintf("This deal is %s: %s", d.GetString("status"), s.refused))
	}
	return d, nil
}

// invalid is an input's field errors as the Invalid refusal every form
// answers (nil for none).
func invalid(fields error) error {
	if fields == nil {
		return nil
	}
	return refusal.Invalidf(refusal.CheckFields, fields)
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

// Admission-only steps, for the features that act on a deal without
// changing it (tracked links): Admit, never Take.
var (
	// UnderWay admits either member while the deal is under way.
	UnderWay = Step[NoInput]{by: either, from: []string{StatusNegotiating, StatusAgreed, StatusFunded, StatusDelivered},
		refused: "tracked links are made while a deal is under way."}
	// Member admits either member, whatever the deal's state.
	Member = Step[NoInput]{by: either, from: Statuses}
)

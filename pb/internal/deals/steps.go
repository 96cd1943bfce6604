package deals

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/security"
	"github.com/pocketbase/pocketbase/tools/types"

	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/notify"
	"sponsorbridge/pb/internal/when"
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
	set        dbx.Params
	event      string // history kind
	text       string // history text
	noteTitle  string // the other side's notification ("" for none)
	afterwards func(tx core.App, d *core.Record) error
}

var errStale = errors.New("deals: the deal changed meanwhile")

// take runs a step on the deal of the route's {id}: the member must be on
// the deal (404 otherwise) and on the step's side (403), the deal in one of
// its states (409), and nothing else may have changed it since it was read
// (the UPDATE is conditional on the version: 409).
func take(e *core.RequestEvent, s step) error {
	me := e.Auth
	d, err := e.App.FindRecordById("deals", e.Request.PathValue("id"))
	if err != nil || (d.GetString("sponsor") != me.Id && d.GetString("recipient") != me.Id) {
		return e.NotFoundError("Deal not found.", nil)
	}
	switch {
	case s.by == sponsorOnly && d.GetString("sponsor") != me.Id:
		return e.ForbiddenError("Only the sponsor can do this.", nil)
	case s.by == recipientOnly && d.GetString("recipient") != me.Id:
		return e.ForbiddenError("Only the recipient can do this.", nil)
	}
	if !slices.Contains(s.from, d.GetString("status")) {
		return e.Error(http.StatusConflict, fmt.Sprintf("This deal is %s: %s", d.GetString("status"), s.refused), nil)
	}
	var pending *notify.Pending
	err = e.App.RunInTransaction(func(tx core.App) error {
		now := types.NowDateTime().String()
		out, err := s.change(d, me, now)
		if err != nil {
			return err
		}
		set := dbx.Params{"version": dbx.NewExp("version + 1"), "updated": now}
		for k, v := range out.set {
			set[k] = v
		}
		res, err := tx.DB().Update("deals", set, dbx.HashExp{"id": d.Id, "version": d.GetInt("version"),
			"status": d.GetString("status")}).Execute()
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n != 1 {
			return errStale
		}
		fresh, err := tx.FindRecordById("deals", d.Id)
		if err != nil {
			return err
		}
		if err := tx.Save(fresh); err != nil {
			return err
		}
		d = fresh
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
		if out.noteTitle == "" {
			return nil
		}
		pending, err = notify.Create(tx, notify.Note{
			UserID: other(d, me.Id), Type: notify.TypeDeal, Title: out.noteTitle, Body: out.text,
			Link: "/deals/" + d.Id, Subject: d.Id,
		})
		return err
	})
	switch {
	case errors.Is(err, errStale):
		return e.Error(http.StatusConflict, "This deal changed while you were looking at it. Reload it and try again.", nil)
	case errors.Is(err, ErrPledgeFunded):
		return e.Error(http.StatusConflict, "This deal is funded: cancelling it needs both sides now.", nil)
	case err != nil:
		return apierr.Or500(e, err)
	}
	notify.Mail(e.App, pending)
	out, err := withEvents(e.App, ToDeal(e.App, d))
	if err != nil {
		return e.InternalServerError("", err)
	}
	return e.JSON(http.StatusOK, out)
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

// --- deliverables ---

type deliverableInput struct {
	ID    string `json:"id"`
	Title string `json:"title"`
	Due   string `json:"due"`
}

type proposeForm struct {
	Deliverables []deliverableInput `json:"deliverables"`
}

func (f *proposeForm) validate() error {
	switch {
	case len(f.Deliverables) == 0:
		return validation.Errors{"deliverables": apierr.Field("validation_required", "Add at least one deliverable")}
	case len(f.Deliverables) > MaxDeliverables:
		return validation.Errors{"deliverables": apierr.Field("validation_too_many",
			"A deal has at most "+strconv.Itoa(MaxDeliverables)+" deliverables")}
	}
	for i := range f.Deliverables {
		it := &f.Deliverables[i]
		it.Title, it.Due, it.ID = strings.TrimSpace(it.Title), strings.TrimSpace(it.Due), strings.TrimSpace(it.ID)
		key := "deliverables." + strconv.Itoa(i)
		switch {
		case it.Title == "":
			return validation.Errors{key + ".title": apierr.Field("validation_required", "Say what the sponsor gets")}
		case utf8.RuneCountInString(it.Title) > MaxDeliverableTitle || !utf8.ValidString(it.Title):
			return validation.Errors{key + ".title": apierr.Field("validation_too_long",
				"A deliverable is at most "+strconv.Itoa(MaxDeliverableTitle)+" characters")}
		}
		if it.Due != "" {
			if _, err := time.Parse(time.DateOnly, it.Due); err != nil {
				return validation.Errors{key + ".due": apierr.Field("validation_invalid", "Due date must be a date (YYYY-MM-DD)")}
			}
		}
	}
	return nil
}

// propose: either side proposes the list of deliverables (a change after
// agreement too, until the deal is delivered); the other side agrees.
func propose(e *core.RequestEvent) error {
	form := &proposeForm{}
	if err := apierr.Bind(e, form, form.validate); err != nil {
		return err
	}
	return take(e, step{by: either, from: []string{StatusNegotiating, StatusAgreed, StatusFunded},
		refused: "its deliverables can no longer change.",
		change: func(d, me *core.Record, _ string) (outcome, error) {
			current := items(d, "deliverables")
			list := make([]Deliverable, 0, len(form.Deliverables))
			for _, in := range form.Deliverables {
				it := Deliverable{Title: in.Title, Due: in.Due}
				if i := slices.IndexFunc(current, func(c Deliverable) bool { return c.ID == in.ID && in.ID != "" }); i >= 0 {
					it = current[i] // kept: its proof stays
					it.Title, it.Due = in.Title, in.Due
				} else {
					it.ID = security.RandomStringWithAlphabet(10, "abcdefghijklmnopqrstuvwxyz0123456789")
				}
				list = append(list, it)
			}
			verb := "proposed"
			if len(current) > 0 {
				verb = "proposed a change to"
			}
			return outcome{set: dbx.Params{"proposal": jsonText(list), "proposedBy": me.Id},
				event: "proposed", text: fmt.Sprintf("%s %s the deliverables: %s.", me.GetString("displayName"), verb, titles(list)),
				noteTitle: fmt.Sprintf("%s %s the deliverables of %s", name(me), verb, titleOf(d))}, nil
		}})
}

type agreeForm struct {
	// Version is the deal's version the member read the proposal at.
	Version *int `json:"version"`
}

// agree: the side that did not propose agrees to the proposal it read.
func agree(e *core.RequestEvent) error {
	form := &agreeForm{}
	if err := apierr.Bind(e, form, func() error {
		if form.Version == nil {
			return validation.Errors{"version": apierr.Field("validation_required", "Say which version of the deal you agree to")}
		}
		return nil
	}); err != nil {
		return err
	}
	return take(e, step{by: either, from: []string{StatusNegotiating, StatusAgreed, StatusFunded},
		refused: "its deliverables can no longer change.",
		change: func(d, me *core.Record, now string) (outcome, error) {
			proposal := items(d, "proposal")
			switch {
			case len(proposal) == 0:
				return outcome{}, conflict(e, "There is no proposal to agree to.")
			case d.GetString("proposedBy") == me.Id:
				return outcome{}, conflict(e, "The other side agrees to your proposal; you cannot agree to it yourself.")
			case *form.Version != d.GetInt("version"):
				return outcome{}, errStale
			}
			set := dbx.Params{"deliverables": jsonText(proposal), "proposal": "null", "proposedBy": ""}
			text := fmt.Sprintf("%s agreed to the deliverables.", me.GetString("displayName"))
			if d.GetString("status") == StatusNegotiating {
				set["status"], set["agreedAt"] = StatusAgreed, now
				text = fmt.Sprintf("%s agreed to the deliverables: the deal is agreed.", me.GetString("displayName"))
			}
			return outcome{set: set, event: "agreed", text: text,
				noteTitle: fmt.Sprintf("%s agreed to the deliverables of %s", name(me), titleOf(d))}, nil
		}})
}

// --- money ---

// fundsSent: the sponsor says the money is on its way.
func fundsSent(e *core.RequestEvent) error {
	return take(e, step{by: sponsorOnly, from: []string{StatusAgreed},
		refused: "the money is marked sent once the deliverables are agreed, and only once.",
		change: func(d, me *core.Record, now string) (outcome, error) {
			if !d.GetDateTime("fundsSentAt").IsZero() {
				return outcome{}, conflict(e, "You already marked the money as sent.")
			}
			return outcome{set: dbx.Params{"fundsSentAt": now}, event: "funds_sent",
				text:      fmt.Sprintf("%s marked the money as sent.", me.GetString("displayName")),
				noteTitle: fmt.Sprintf("%s sent the money for %s: confirm when it arrives", name(me), titleOf(d))}, nil
		}})
}

// fundsReceived: the recipient confirms the money arrived: the deal is funded.
func fundsReceived(e *core.RequestEvent) error {
	return take(e, step{by: recipientOnly, from: []string{StatusAgreed},
		refused: "the money is confirmed once the deliverables are agreed and the sponsor sent it.",
		change: func(d, me *core.Record, now string) (outcome, error) {
			if d.GetDateTime("fundsSentAt").IsZero() {
				return outcome{}, conflict(e, "The sponsor has not marked the money as sent yet.")
			}
			return outcome{set: dbx.Params{"status": StatusFunded, "fundedAt": now}, event: "funded",
				text:      fmt.Sprintf("%s confirmed the money arrived: the deal is funded.", me.GetString("displayName")),
				noteTitle: fmt.Sprintf("%s confirmed your money arrived for %s", name(me), titleOf(d))}, nil
		}})
}

// --- delivery ---

type doneForm struct {
	ProofText string `json:"proofText"`
	ProofLink string `json:"proofLink"`
}

func (f *doneForm) validate() error {
	f.ProofText, f.ProofLink = strings.TrimSpace(f.ProofText), strings.TrimSpace(f.ProofLink)
	switch {
	case f.ProofText == "" && f.ProofLink == "":
		return validation.Errors{"proofText": apierr.Field("validation_required", "Add proof: a note, a link or both")}
	case utf8.RuneCountInString(f.ProofText) > MaxProofText || !utf8.ValidString(f.ProofText):
		return validation.Errors{"proofText": apierr.Field("validation_too_long",
			"Proof must be at most "+strconv.Itoa(MaxProofText)+" characters")}
	case len(f.ProofLink) > MaxProofLink:
		return validation.Errors{"proofLink": apierr.Field("validation_too_long",
			"Link must be at most "+strconv.Itoa(MaxProofLink)+" characters")}
	}
	if f.ProofLink != "" {
		u, err := url.Parse(f.ProofLink)
		if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
			return validation.Errors{"proofLink": apierr.Field("validation_invalid", "Link must be a web address (https://…)")}
		}
	}
	return nil
}

// done: the recipient marks one deliverable done with proof; the last one
// makes the deal delivered.
func done(e *core.RequestEvent) error {
	form := &doneForm{}
	if err := apierr.Bind(e, form, form.validate); err != nil {
		return err
	}
	itemID := e.Request.PathValue("item")
	return take(e, step{by: recipientOnly, from: []string{StatusFunded},
		refused: "deliverables are marked done once the deal is funded.",
		change: func(d, me *core.Record, now string) (outcome, error) {
			list := items(d, "deliverables")
			i := slices.IndexFunc(list, func(it Deliverable) bool { return it.ID == itemID })
			if i < 0 {
				return outcome{}, e.NotFoundError("Deliverable not found.", nil)
			}
			if list[i].DoneAt != "" {
				return outcome{}, conflict(e, "This deliverable is already marked done.")
			}
			list[i].DoneAt = when.APIStored(now)
			list[i].ProofText, list[i].ProofLink = form.ProofText, form.ProofLink
			set := dbx.Params{"deliverables": jsonText(list)}
			text := fmt.Sprintf("%s delivered “%s”.", me.GetString("displayName"), list[i].Title)
			note := fmt.Sprintf("%s delivered “%s” for %s", name(me), notify.Clip(list[i].Title, 60), titleOf(d))
			if !slices.ContainsFunc(list, func(it Deliverable) bool { return it.DoneAt == "" }) {
				set["status"], set["deliveredAt"] = StatusDelivered, now
				text += " Every deliverable is done: the deal is delivered."
				note = fmt.Sprintf("Everything is delivered for %s: confirm to complete the deal", titleOf(d))
			}
			return outcome{set: set, event: "delivered", text: text, noteTitle: note}, nil
		}})
}

// complete: the sponsor confirms the delivery.
func complete(e *core.RequestEvent) error {
	return take(e, step{by: sponsorOnly, from: []string{StatusDelivered},
		refused: "a deal is completed once everything is delivered.",
		change: func(d, me *core.Record, now string) (outcome, error) {
			return outcome{set: dbx.Params{"status": StatusCompleted, "completedAt": now}, event: "completed",
				text:      fmt.Sprintf("%s confirmed the delivery: the deal is completed.", me.GetString("displayName")),
				noteTitle: fmt.Sprintf("%s completed the deal %s", name(me), titleOf(d))}, nil
		}})
}

// --- cancel and dispute ---

type reasonForm struct {
	Reason string `json:"reason"`
}

func reasonCheck(f *reasonForm, required string, limit int) func() error {
	return func() error { return apierr.Reason(&f.Reason, required, limit) }
}

// cancel: before the money moved either side cancels (a pledge is then
// withdrawn); after it, a cancel is a request the other side accepts by
// cancelling too.
func cancel(e *core.RequestEvent) error {
	form := &reasonForm{}
	if err := apierr.Bind(e, form, reasonCheck(form, "Say why you are cancelling", MaxReason)); err != nil {
		return err
	}
	return take(e, step{by: either, from: []string{StatusNegotiating, StatusAgreed, StatusFunded, StatusDelivered},
		refused: "it can no longer be cancelled.",
		change: func(d, me *core.Record, now string) (outcome, error) {
			who := me.GetString("displayName")
			switch d.GetString("status") {
			case StatusNegotiating, StatusAgreed:
				out := outcome{set: dbx.Params{"status": StatusCancelled, "cancelledAt": now, "cancelledBy": me.Id, "cancelReason": form.Reason},
					event: "cancelled", text: fmt.Sprintf("%s cancelled the deal. Reason: %s", who, form.Reason),
					noteTitle: fmt.Sprintf("%s cancelled the deal %s", name(me), titleOf(d))}
				if id := d.GetString("commitment"); id != "" {
					out.afterwards = func(tx core.App, _ *core.Record) error { return withdrawWithDeal(tx, id, form.Reason) }
				}
				return out, nil
			}
			switch d.GetString("cancelRequestedBy") {
			case me.Id:
				return outcome{}, conflict(e, "You already asked to cancel; the other side has not answered yet.")
			case "":
				return outcome{set: dbx.Params{"cancelRequestedBy": me.Id, "cancelRequestReason": form.Reason},
					event: "cancel_requested", text: fmt.Sprintf("%s asked to cancel the deal. Reason: %s", who, form.Reason),
					noteTitle: fmt.Sprintf("%s asks to cancel the deal %s", name(me), titleOf(d))}, nil
			}
			return outcome{set: dbx.Params{"status": StatusCancelled, "cancelledAt": now, "cancelledBy": me.Id, "cancelReason": form.Reason},
				event: "cancelled", text: fmt.Sprintf("%s accepted the request to cancel. Reason: %s", who, form.Reason),
				noteTitle: fmt.Sprintf("%s accepted your request to cancel %s", name(me), titleOf(d))}, nil
		}})
}

// withdrawWithDeal withdraws the pledge of a deal being cancelled before
// funding (the deal itself is already cancelled by the step).
func withdrawWithDeal(tx core.App, commitmentID, reason string) error {
	c, err := tx.FindRecordById("commitments", commitmentID)
	if err != nil {
		return err
	}
	if c.GetString("status") != "active" {
		return nil // withdrawn already: nothing holds the request
	}
	err = endPledge(tx, c, reason, types.NowDateTime().String())
	if errors.Is(err, ErrPledgeGone) {
		return errStale
	}
	return err
}

// dispute: after the money moved, either side takes the deal to the
// administrators with their words; the other side may answer (respond).
func dispute(e *core.RequestEvent) error {
	form := &reasonForm{}
	if err := apierr.Bind(e, form, reasonCheck(form, "Tell the administrators what went wrong", MaxDisputeText)); err != nil {
		return err
	}
	return take(e, step{by: either, from: []string{StatusFunded, StatusDelivered},
		refused: "a dispute is raised once the money moved and before the deal is completed.",
		change: func(d, me *core.Record, now string) (outcome, error) {
			return outcome{set: dbx.Params{"status": StatusDisputed, "disputedAt": now, "disputedBy": me.Id, "disputeReason": form.Reason},
				event: "disputed", text: fmt.Sprintf("%s raised a dispute: %s", me.GetString("displayName"), form.Reason),
				noteTitle: fmt.Sprintf("%s raised a dispute about %s: add your side", name(me), titleOf(d))}, nil
		}})
}

// respond: the other side of a dispute adds their words, once.
func respond(e *core.RequestEvent) error {
	form := &reasonForm{}
	if err := apierr.Bind(e, form, reasonCheck(form, "Tell the administrators your side", MaxDisputeText)); err != nil {
		return err
	}
	return take(e, step{by: either, from: []string{StatusDisputed},
		refused: "only a disputed deal takes an answer.",
		change: func(d, me *core.Record, _ string) (outcome, error) {
			switch {
			case d.GetString("disputedBy") == me.Id:
				return outcome{}, conflict(e, "You raised this dispute; the other side answers it.")
			case d.GetString("disputeResponse") != "":
				return outcome{}, conflict(e, "You already answered this dispute.")
			}
			return outcome{set: dbx.Params{"disputeResponse": form.Reason},
				event: "dispute_answered", text: fmt.Sprintf("%s answered the dispute: %s", me.GetString("displayName"), form.Reason),
				noteTitle: fmt.Sprintf("%s answered the dispute about %s", name(me), titleOf(d))}, nil
		}})
}

func titles(list []Deliverable) string {
	out := make([]string, 0, len(list))
	for _, it := range list {
		out = append(out, "“"+it.Title+"”")
	}
	return strings.Join(out, ", ")
}

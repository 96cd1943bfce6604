package deals

// Proposing and agreeing the deliverables (docs/api/deals.md, "States").

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/security"

	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/guarded"
	"sponsorbridge/pb/internal/refusal"
)

// DeliverableInput is one deliverable as a member proposes it: a new one
// (no ID), or one of the deal's (its ID: its proof stays).
type DeliverableInput struct {
	ID    string `json:"id,omitzero"` // absent for a new deliverable
	Title string `json:"title"`
	Due   string `json:"due"`
}

// ProposeInput is the body of POST /api/deals/{id}/deliverables.
type ProposeInput struct {
	Deliverables []DeliverableInput `json:"deliverables"`
}

func (f *ProposeInput) validate() error {
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

// Propose: either side proposes the list of deliverables (a change after
// agreement too, until the deal is delivered); the other side agrees.
var Propose = Step[ProposeInput]{by: either, from: []string{StatusNegotiating, StatusAgreed, StatusFunded},
	refused: "its deliverables can no longer change.",
	check:   (*ProposeInput).validate,
	change: func(d, me *core.Record, _ string, in ProposeInput) (outcome, error) {
		current := items(d, "deliverables")
		list := make([]Deliverable, 0, len(in.Deliverables))
		for _, it := range in.Deliverables {
			next := Deliverable{Title: it.Title, Due: it.Due}
			if i := slices.IndexFunc(current, func(c Deliverable) bool { return c.ID == it.ID && it.ID != "" }); i >= 0 {
				next = current[i] // kept: its proof stays
				next.Title, next.Due = it.Title, it.Due
			} else {
				next.ID = newItemID()
			}
			list = append(list, next)
		}
		verb := "proposed"
		if len(current) > 0 {
			verb = "proposed a change to"
		}
		return outcome{set: dbx.Params{"proposal": jsonText(list), "proposedBy": me.Id},
			event: "proposed", text: fmt.Sprintf("%s %s the deliverables: %s.", me.GetString("displayName"), verb, titles(list)),
			noteTitle: fmt.Sprintf("%s %s the deliverables of %s", name(me), verb, titleOf(d))}, nil
	}}

// AgreeInput is the body of POST /api/deals/{id}/agree.
type AgreeInput struct {
	// Version is the deal's version the member read the proposal at.
	Version *int `json:"version"`
}

func (f *AgreeInput) validate() error {
	if f.Version == nil {
		return validation.Errors{"version": apierr.Field("validation_required", "Say which version of the deal you agree to")}
	}
	return nil
}

// Agree: the side that did not propose agrees to the proposal it read.
var Agree = Step[AgreeInput]{by: either, from: []string{StatusNegotiating, StatusAgreed, StatusFunded},
	refused: "its deliverables can no longer change.",
	check:   (*AgreeInput).validate,
	change: func(d, me *core.Record, now string, in AgreeInput) (outcome, error) {
		proposal := items(d, "proposal")
		switch {
		case len(proposal) == 0:
			return outcome{}, refusal.Conflictf("There is no proposal to agree to.")
		case d.GetString("proposedBy") == me.Id:
			return outcome{}, refusal.Conflictf("The other side agrees to your proposal; you cannot agree to it yourself.")
		case *in.Version != d.GetInt("version"):
			return outcome{}, guarded.ErrStale
		}
		set := dbx.Params{"deliverables": jsonText(proposal), "proposal": "null", "proposedBy": ""}
		text := fmt.Sprintf("%s agreed to the deliverables.", me.GetString("displayName"))
		if d.GetString("status") == StatusNegotiating {
			set["status"], set["agreedAt"] = StatusAgreed, now
			text = fmt.Sprintf("%s agreed to the deliverables: the deal is agreed.", me.GetString("displayName"))
		}
		return outcome{set: set, event: "agreed", text: text,
			noteTitle: fmt.Sprintf("%s agreed to the deliverables of %s", name(me), titleOf(d))}, nil
	}}

// newItemID is a new deliverable's id.
func newItemID() string {
	return security.RandomStringWithAlphabet(10, "abcdefghijklmnopqrstuvwxyz0123456789")
}

func titles(list []Deliverable) string {
	out := make([]string, 0, len(list))
	for _, it := range list {
		out = append(out, "“"+it.Title+"”")
	}
	return strings.Join(out, ", ")
}

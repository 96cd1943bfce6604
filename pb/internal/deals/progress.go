package deals

// The money and the delivery: funds sent and received, each deliverable done with
// proof, completion.

import (
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/notify"
	"sponsorbridge/pb/internal/refusal"
	"sponsorbridge/pb/internal/when"
)

// FundsSent: the sponsor says the money is on its way.
var FundsSent = Step[NoInput]{by: sponsorOnly, from: []string{StatusAgreed},
	refused: "the money is marked sent once the deliverables are agreed, and only once.",
	change: func(d, me *core.Record, now string, _ NoInput) (outcome, error) {
		if !d.GetDateTime("fundsSentAt").IsZero() {
			return outcome{}, refusal.Conflictf("You already marked the money as sent.")
		}
		return outcome{set: dbx.Params{"fundsSentAt": now}, event: "funds_sent",
			text:      fmt.Sprintf("%s marked the money as sent.", me.GetString("displayName")),
			noteTitle: fmt.Sprintf("%s sent the money for %s: confirm when it arrives", name(me), titleOf(d))}, nil
	}}

// FundsReceived: the recipient confirms the money arrived: the deal is funded.
var FundsReceived = Step[NoInput]{by: recipientOnly, from: []string{StatusAgreed},
	refused: "the money is confirmed once the deliverables are agreed and the sponsor sent it.",
	change: func(d, me *core.Record, now string, _ NoInput) (outcome, error) {
		if d.GetDateTime("fundsSentAt").IsZero() {
			return outcome{}, refusal.Conflictf("The sponsor has not marked the money as sent yet.")
		}
		// a package's slot is sold: no longer held
		return outcome{set: dbx.Params{"status": StatusFunded, "fundedAt": now, "holdUntil": ""}, event: "funded",
			text:      fmt.Sprintf("%s confirmed the money arrived: the deal is funded.", me.GetString("displayName")),
			noteTitle: fmt.Sprintf("%s confirmed your money arrived for %s", name(me), titleOf(d))}, nil
	}}

// --- delivery ---

// ProofInput is the JSON body of POST /api/deals/{id}/deliverables/{item}/done;
// the route also takes its fields as multipart form data, with a picture.
type ProofInput struct {
	ProofText string `json:"proofText"`
	ProofLink string `json:"proofLink"`
}

// DoneInput is what marking a deliverable done takes: the deliverable's
// id, the proof, and its picture (nil for none).
type DoneInput struct {
	ProofInput
	Item    string
	Picture *Picture
}

func (f *DoneInput) validate() error {
	f.ProofText, f.ProofLink = strings.TrimSpace(f.ProofText), strings.TrimSpace(f.ProofLink)
	switch {
	case f.ProofText == "" && f.ProofLink == "" && f.Picture == nil:
		return validation.Errors{"proofText": apierr.Field("validation_required", "Add proof: a note, a link or a picture")}
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

// Done: the recipient marks one deliverable done with proof (a note, a
// link, a picture, or any of them); the last one makes the deal delivered.
// Its picture is checked and re-encoded only once the step may be taken.
var Done = Step[DoneInput]{by: recipientOnly, from: []string{StatusFunded},
	refused: "deliverables are marked done once the deal is funded.",
	check:   (*DoneInput).validate,
	ready:   func(in *DoneInput) error { return in.Picture.prepare() },
	change: func(d, me *core.Record, now string, in DoneInput) (outcome, error) {
		list, i, err := undone(d, in.Item)
		if err != nil {
			return outcome{}, err
		}
		list[i].DoneAt = when.APIStored(now)
		list[i].ProofText, list[i].ProofLink = in.ProofText, in.ProofLink
		var afterwards func(tx core.App, d *core.Record) error
		if pic := in.Picture.prepared(); pic != nil {
			list[i].ProofPicture = pic.id
			afterwards = func(tx core.App, d *core.Record) error { return pic.save(tx, d.Id, "", me.Id) }
		}
		set := dbx.Params{"deliverables": jsonText(list)}
		text := fmt.Sprintf("%s delivered “%s”.", me.GetString("displayName"), list[i].Title)
		note := fmt.Sprintf("%s delivered “%s” for %s", name(me), notify.Clip(list[i].Title, 60), titleOf(d))
		if !slices.ContainsFunc(list, func(it Deliverable) bool { return it.DoneAt == "" }) {
			set["status"], set["deliveredAt"] = StatusDelivered, now
			text += " Every deliverable is done: the deal is delivered."
			note = fmt.Sprintf("Everything is delivered for %s: confirm to complete the deal", titleOf(d))
		}
		return outcome{set: set, event: "delivered", text: text, noteTitle: note, afterwards: afterwards}, nil
	}}

// undone is the deal's deliverables and the index of item, which must be
// there and not done yet.
func undone(d *core.Record, item string) ([]Deliverable, int, error) {
	list := items(d, "deliverables")
	i := slices.IndexFunc(list, func(it Deliverable) bool { return it.ID == item })
	switch {
	case i < 0:
		return nil, 0, refusal.NotFoundf("Deliverable not found.")
	case list[i].DoneAt != "":
		return nil, 0, refusal.Conflictf("This deliverable is already marked done.")
	}
	return list, i, nil
}

// CheckDone answers why me may not mark item of deal dealID done now (a
// refusal), from what the URL names alone: a route reading a picture asks
// first, so a refused step (a stranger's, a missing deal's, a done
// deliverable's) reads no picture and costs no upload slot nor image work.
// Take checks it all again.
func CheckDone(app core.App, dealID string, me *core.Record, item string) error {
	d, err := Done.Admit(app, dealID, me)
	if err == nil {
		_, _, err = undone(d, item)
	}
	return err
}

// Complete: the sponsor confirms the delivery.
var Complete = Step[NoInput]{by: sponsorOnly, from: []string{StatusDelivered},
	refused: "a deal is completed once everything is delivered.",
	change: func(d, me *core.Record, now string, _ NoInput) (outcome, error) {
		return outcome{set: dbx.Params{"status": StatusCompleted, "completedAt": now}, event: "completed",
			text:      fmt.Sprintf("%s confirmed the delivery: the deal is completed.", me.GetString("displayName")),
			noteTitle: fmt.Sprintf("%s completed the deal %s", name(me), titleOf(d))}, nil
	}}

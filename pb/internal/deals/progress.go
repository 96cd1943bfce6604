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
	"sponsorbridge/pb/internal/limits"
	"sponsorbridge/pb/internal/notify"
	"sponsorbridge/pb/internal/when"
)

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
	ProofText string    `json:"proofText"`
	ProofLink string    `json:"proofLink"`
	picture   *received // from multipart form data (pictures.go)
}

func (f *doneForm) validate() error {
	f.ProofText, f.ProofLink = strings.TrimSpace(f.ProofText), strings.TrimSpace(f.ProofLink)
	switch {
	case f.ProofText == "" && f.ProofLink == "" && f.picture == nil:
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

// done: the recipient marks one deliverable done with proof (a note, a
// link, a picture, or any of them); the last one makes the deal delivered.
// A picture is checked and re-encoded only once the step may be taken.
func done(e *core.RequestEvent) error {
	itemID := e.Request.PathValue("item")
	s := step{by: recipientOnly, from: []string{StatusFunded},
		refused: "deliverables are marked done once the deal is funded."}
	if limits.IsMultipart(e) {
		// What the step checks before its transaction, from the URL alone,
		// so a refused step (a stranger's, a missing deal's, a done
		// deliverable's) reads no picture and costs no upload slot nor image
		// work; the transaction checks it all again.
		d, err := s.admit(e)
		if err != nil {
			return err
		}
		list := items(d, "deliverables")
		i := slices.IndexFunc(list, func(it Deliverable) bool { return it.ID == itemID })
		switch {
		case i < 0:
			return e.NotFoundError("Deliverable not found.", nil)
		case list[i].DoneAt != "":
			return conflict(e, "This deliverable is already marked done.")
		}
	}
	form := &doneForm{}
	raw, err := readForm(e, form, map[string]*string{"proofText": &form.ProofText, "proofLink": &form.ProofLink})
	if err != nil {
		return err
	}
	defer raw.close()
	form.picture = raw
	if err := form.validate(); err != nil {
		return e.BadRequestError("Please check the highlighted fields.", err)
	}
	var pic *upload
	s.change = func(d, me *core.Record, now string) (outcome, error) {
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
		var afterwards func(tx core.App, d *core.Record) error
		if pic != nil {
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
	}
	if pic, err = preparePicture(e, raw); err != nil {
		return err
	}
	return take(e, s)
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

package sponsoring

import (
	"errors"
	"fmt"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"sponsorbridge/pb/internal/accounts"
	"sponsorbridge/pb/internal/deals"
	"sponsorbridge/pb/internal/guarded"
	"sponsorbridge/pb/internal/listings"
	"sponsorbridge/pb/internal/messaging"
	"sponsorbridge/pb/internal/notify"
	"sponsorbridge/pb/internal/refusal"
)

var (
	errApplicationNotFound = refusal.NotFoundf("Application not found.")
	errDecided             = errors.New("sponsoring: application already decided")
)

// Decide accepts (status StatusAccepted) or declines (StatusDeclined,
// without a reason) the application applicationID and answers it as
// stored; Decline declines with a reason.
func Decide(app core.App, me *core.Record, applicationID, status string) (*core.Record, error) {
	if status != StatusAccepted && status != StatusDeclined {
		return nil, fmt.Errorf("sponsoring: %q is not a decision", status)
	}
	return decideOne(app, me, applicationID, status, DeclineBody{})
}

// Decline declines the application applicationID with body's reason and
// note (both may be empty) and answers it as stored.
func Decline(app core.App, me *core.Record, applicationID string, body DeclineBody) (*core.Record, error) {
	if err := body.validate(); err != nil {
		return nil, err
	}
	return decideOne(app, me, applicationID, StatusDeclined, body)
}

// decideOne decides the application: only the sponsorship's poster me, and
// only while the application is pending. The decision is one
// guarded.Update of the application (decideIn) in its own transaction.
func decideOne(app core.App, me *core.Record, applicationID, status string, why DeclineBody) (*core.Record, error) {
	read, err := app.FindRecordById("applications", applicationID)
	if err != nil || (read.GetString("poster") != me.Id && read.GetString("applicant") != me.Id) {
		return nil, errApplicationNotFound
	}
	if read.GetString("poster") != me.Id {
		return nil, refusal.Forbiddenf("Only the poster of the sponsorship can accept or decline applications.")
	}
	var decided *core.Record
	err = app.RunInTransaction(func(tx core.App) error {
		decided, err = decideIn(tx, me, read.Id, status, why)
		return err
	})
	if errors.Is(err, errDecided) {
		current, _ := app.FindRecordById("applications", read.Id)
		if current == nil {
			return nil, errApplicationNotFound
		}
		return nil, alreadyDecided(current)
	}
	if err != nil {
		return nil, err
	}
	return decided, nil
}

// alreadyDecided is the refusal of deciding an application that is no
// longer pending.
func alreadyDecided(current *core.Record) *refusal.Refusal {
	return refusal.Conflictf("This application has already been " + current.GetString("status") + ".")
}

// decideIn decides the pending application id in tx (errDecided when it
// is no longer pending): it counts as the poster's answer, an acceptance
// opens the deal (the poster funds the applicant), and the conversation
// and the applicant's notification say so, with a decline's reason.
func decideIn(tx core.App, me *core.Record, id, status string, why DeclineBody) (*core.Record, error) {
	now := types.NowDateTime()
	decided, err := guarded.Update(tx, "applications", id, func(a *core.Record) bool {
		return a.GetString("status") == StatusPending
	}, func(a *core.Record) {
		a.Load(map[string]any{"status": status, "decidedAt": now.String()})
		if status == StatusDeclined {
			a.Load(map[string]any{"declineReason": why.Reason, "declineNote": why.Note})
		}
	})
	if errors.Is(err, guarded.ErrStale) {
		return nil, errDecided
	}
	if err != nil {
		return nil, err
	}
	// deciding answers the application: one sample of the poster's time to answer
	if err := accounts.RecordAnswer(tx, me.Id, now.Time().Sub(decided.GetDateTime("created").Time())); err != nil {
		return nil, err
	}
	return decided, decisionFollows(tx, me, decided)
}

// decisionFollows is what a decided application brings in its
// transaction: the deal of an accepted one, the note in the members'
// conversation and the applicant's notification.
func decisionFollows(tx core.App, me, application *core.Record) error {
	verb, kind := "accepted", notify.TypeApplicationAccepted
	if application.GetString("status") == StatusDeclined {
		verb, kind = "declined", notify.TypeApplicationDeclined
	}
	title, link := "your application", "/profile"
	offer, err := tx.FindRecordById(listings.Sponsorships.Table, application.GetString("sponsorship"))
	if err == nil {
		title = "your application for “" + offer.GetString("title") + "”"
		if verb == "accepted" {
			deal, err := deals.Open(tx, deals.Opening{Application: application.Id, ListingTable: listings.Sponsorships.Table,
				ListingID: offer.Id, Title: offer.GetString("title"), Sponsor: me.Id,
				Recipient: application.GetString("applicant"), Amount: max(int64(offer.GetInt("amount")), 1)})
			if err != nil {
				return err
			}
			link = "/deals/" + deal.Id
		}
	}
	applicant := application.GetString("applicant")
	conv, _, err := messaging.Open(tx, me.Id, applicant)
	if err != nil {
		return err
	}
	note := fmt.Sprintf("%s %s %s", me.GetString("displayName"), verb, title) + declineWords(application)
	if _, err := messaging.SendIn(tx, conv, messaging.Post{SenderID: me.Id, Body: note, System: true,
		ContextType: "application", ContextID: application.Id}); err != nil {
		return err
	}
	return notify.Create(tx, notify.Note{
		UserID: applicant, Type: kind, Title: "Your application was " + verb,
		Body: note, Link: link, Subject: application.Id,
	})
}

package sponsoring

import (
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/eligibility"
	"sponsorbridge/pb/internal/guarded"
	"sponsorbridge/pb/internal/listings"
	"sponsorbridge/pb/internal/membership"
	"sponsorbridge/pb/internal/notify"
	"sponsorbridge/pb/internal/refusal"
)

var errAlreadyApplied = refusal.Conflictf("You have already applied for this sponsorship.")

// ApplyBody is the body of an application: a note to the poster and the
// answers to the offer's questions, by question id (docs/api/eligibility.md,
// "Questions and answers").
type ApplyBody struct {
	MessageBody
	Answers map[string]json.RawMessage `json:"answers,omitzero"`
}

// offerNow is what an application reads of its offer in its transaction.
type offerNow struct {
	ID        string         `db:"id"`
	Status    string         `db:"status"`
	Criteria  sql.NullString `db:"criteria"`
	Questions sql.NullString `db:"questions"`
	Cap       int            `db:"applicationCap"`
	Count     int            `db:"applicationCount"`
}

// Apply records member me's application to the sponsorship offerID, once
// per member and offer (a withdrawn one is sent again), never to their
// own, and answers it as stored. In one transaction it checks the offer's
// rules against the member's profile as they are then (422), the answers
// (400), takes a place under the cap by one conditional statement (422
// when none is left), stores the answers with the questions as asked,
// opens the conversation between the two and notifies the poster (and so
// e-mails them).
func Apply(app core.App, me *core.Record, offerID string, body ApplyBody) (*core.Record, error) {
	errs := validation.Errors{}
	body.fieldErrors(errs)
	if err := invalid(errs); err != nil {
		return nil, err
	}
	offer, err := target(app, me, listings.Sponsorships.Table, offerID,
		"You cannot apply to your own sponsorship.",
		"This sponsorship was not approved and does not take applications.")
	if err != nil {
		return nil, err
	}
	collection, err := app.FindCachedCollectionByNameOrId("applications")
	if err != nil {
		return nil, err
	}
	var record *core.Record
	err = app.RunInTransaction(func(tx core.App) error {
		if err := membership.Still(tx, me.Id); err != nil {
			return err
		}
		// the poster may have deleted their account (and the offer with it)
		// since the first read; read in the transaction, a close or a change
		// of the rules committed a moment ago counts
		var now offerNow
		err := tx.DB().Select("id", "status", "criteria", "questions", "applicationCap", "applicationCount").
			From(listings.Sponsorships.Table).Where(dbx.HashExp{"id": offer.Id}).One(&now)
		if errors.Is(err, sql.ErrNoRows) {
			return refusal.NotFoundf(msgListingNotFound)
		}
		if err != nil {
			return err
		}
		if now.Status == "closed" {
			return refusal.Conflictf("This sponsorship is closed and no longer takes applications.")
		}
		previous, err := tx.FindFirstRecordByFilter("applications", "sponsorship = {:s} && applicant = {:a}",
			dbx.Params{"s": offer.Id, "a": me.Id})
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		if previous != nil && previous.GetString("status") != StatusWithdrawn {
			return errAlreadyApplied
		}
		answers, err := qualify(tx, me.Id, now, body.Answers)
		if err != nil {
			return err
		}
		fields := map[string]any{"message": body.Message, "status": StatusPending, "answers": answers}
		if previous == nil {
			record = core.NewRecord(collection)
			record.Load(fields)
			record.Load(map[string]any{"sponsorship": offer.Id, "applicant": me.Id, "poster": offer.GetString("user")})
			if err := tx.Save(record); err != nil {
				// the unique index is the last word when two requests race
				if n, _ := tx.CountRecords("applications", dbx.HashExp{"sponsorship": offer.Id, "applicant": me.Id}); n > 0 {
					return errAlreadyApplied
				}
				return err
			}
		} else {
			// sent again: the same application, pending with its new words
			record, err = guarded.Update(tx, "applications", previous.Id, guarded.Unchanged(previous, "status"),
				func(r *core.Record) {
					r.Load(fields)
					r.Set("decidedAt", "")
				})
			if errors.Is(err, guarded.ErrStale) {
				return errAlreadyApplied
			}
			if err != nil {
				return err
			}
		}
		return applicationFollows(tx, me, offer, record)
	})
	if err != nil {
		return nil, err
	}
	return record, nil
}

// qualify is the application's rules in its transaction tx, in the
// documented order: the offer's criteria and cap against member's profile
// as it is now (422), the answers to the questions now (400), then a place
// under the cap, taken by one conditional statement (422 when none is
// left). It answers the answers to store.
func qualify(tx core.App, memberID string, now offerNow, given map[string]json.RawMessage) ([]eligibility.Answer, error) {
	criteria := eligibility.DecodeCriteria(now.Criteria.String)
	var profile eligibility.Profile
	if !criteria.Empty() {
		member, err := tx.FindRecordById("users", memberID)
		if err != nil {
			return nil, err
		}
		profile = eligibility.ProfileOf(member)
	}
	if reasons := eligibility.Check(criteria, now.Cap, now.Count, profile); len(reasons) > 0 {
		return nil, eligibility.Refused(reasons)
	}
	answers, err := eligibility.CleanAnswers(eligibility.DecodeQuestions(now.Questions.String), given)
	if err != nil {
		return nil, refusal.Fields(err)
	}
	if err := takePlace(tx, now); err != nil {
		return nil, err
	}
	return answers, nil
}

// takePlace counts one more application on the offer, in one conditional
// statement: of concurrent applications for its last places exactly as
// many as are left pass (SQLite runs one write at a time, and the
// statement reads the count it changes). None left: 422 cap.
func takePlace(tx core.App, offer offerNow) error {
	res, err := tx.DB().NewQuery(`UPDATE sponsorships SET applicationCount = applicationCount + 1
		WHERE id = {:id} AND (applicationCap = 0 OR applicationCount < applicationCap)`).
		Bind(dbx.Params{"id": offer.ID}).Execute()
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n == 0 {
		full, _ := eligibility.CapReason(offer.Cap, offer.Cap)
		return eligibility.Refused([]eligibility.Reason{full})
	}
	return nil
}

// freePlace counts one application fewer on the offer (a withdrawal).
func freePlace(tx core.App, offerID string) error {
	_, err := tx.DB().NewQuery(`UPDATE sponsorships SET applicationCount = MAX(applicationCount - 1, 0) WHERE id = {:id}`).
		Bind(dbx.Params{"id": offerID}).Execute()
	return err
}

// applicationFollows is what a stored application brings in its
// transaction: the introduction in the members' conversation and the
// poster's notification.
func applicationFollows(tx core.App, me, offer, application *core.Record) error {
	title, message := offer.GetString("title"), application.GetString("message")
	_, err := introduce(tx, introduction{
		from: me.Id, to: offer.GetString("user"),
		note:        fmt.Sprintf("%s applied for your sponsorship “%s”.", me.GetString("displayName"), title),
		senderNote:  fmt.Sprintf("You applied for the sponsorship “%s”.", title),
		contextType: "application", contextID: application.Id, message: message,
	})
	if err != nil {
		return err
	}
	return notify.Create(tx, notify.Note{
		UserID:  offer.GetString("user"),
		Type:    notify.TypeApplication,
		Title:   "New application for “" + title + "”",
		Body:    me.GetString("displayName") + " applied. " + message,
		Link:    "/profile",
		Subject: application.Id,
	})
}

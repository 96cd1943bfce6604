package sponsoring

import (
	"errors"
	"fmt"
	"net/http"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"sponsorbridge/pb/internal/accounts"
	"sponsorbridge/pb/internal/deals"
	"sponsorbridge/pb/internal/guarded"
	"sponsorbridge/pb/internal/messaging"
	"sponsorbridge/pb/internal/notify"
)

var errDecided = errors.New("sponsoring: application already decided")

// decide answers the route that accepts or declines an application: only
// the sponsorship's poster, and only while the application is pending.
func decide(status string) func(e *core.RequestEvent) error {
	verb, kind := "accepted", notify.TypeApplicationAccepted
	if status == StatusDeclined {
		verb, kind = "declined", notify.TypeApplicationDeclined
	}
	return func(e *core.RequestEvent) error {
		me := e.Auth
		record, err := e.App.FindRecordById("applications", e.Request.PathValue("id"))
		if err != nil || (record.GetString("poster") != me.Id && record.GetString("applicant") != me.Id) {
			return e.NotFoundError("Application not found.", nil)
		}
		if record.GetString("poster") != me.Id {
			return e.ForbiddenError("Only the poster of the sponsorship can accept or decline applications.", nil)
		}

		err = e.App.RunInTransaction(func(tx core.App) error {
			now := types.NowDateTime()
			decided, err := guarded.Update(tx, "applications", record.Id, func(a *core.Record) bool {
				return a.GetString("status") == StatusPending
			}, func(a *core.Record) {
				a.Load(map[string]any{"status": status, "decidedAt": now.String()})
			})
			if errors.Is(err, guarded.ErrStale) {
				return errDecided
			}
			if err != nil {
				return err
			}
			record = decided
			// deciding answers the application: one sample of the poster's time to answer
			if err := accounts.RecordAnswer(tx, me.Id, now.Time().Sub(record.GetDateTime("created").Time())); err != nil {
				return err
			}

			title := "your application"
			offer, err := tx.FindRecordById("sponsorships", record.GetString("sponsorship"))
			if err == nil {
				title = "your application for “" + offer.GetString("title") + "”"
			}
			link := "/profile"
			if status == StatusAccepted && offer != nil {
				// the offer's poster funds the applicant
				deal, err := deals.Open(tx, deals.Opening{Application: record.Id, ListingTable: "sponsorships",
					ListingID: offer.Id, Title: offer.GetString("title"), Sponsor: me.Id,
					Recipient: record.GetString("applicant"), Amount: max(offer.GetInt("amount"), 1)})
				if err != nil {
					return err
				}
				link = "/deals/" + deal.Id
			}
			applicant := record.GetString("applicant")
			conv, _, err := messaging.Open(tx, me.Id, applicant)
			if err != nil {
				return err
			}
			note := fmt.Sprintf("%s %s %s.", me.GetString("displayName"), verb, title)
			if _, err := messaging.Send(tx, conv.Id, messaging.Post{SenderID: me.Id, Body: note, System: true,
				ContextType: "application", ContextID: record.Id}); err != nil {
				return err
			}
			err = notify.Create(tx, notify.Note{
				UserID: applicant, Type: kind, Title: "Your application was " + verb,
				Body: note, Link: link, Subject: record.Id,
			})
			return err
		})
		if errors.Is(err, errDecided) {
			current, _ := e.App.FindRecordById("applications", record.Id)
			if current != nil {
				return e.Error(http.StatusConflict, "This application has already been "+current.GetString("status")+".", nil)
			}
			return e.NotFoundError("Application not found.", nil)
		}
		if err != nil {
			return e.InternalServerError("", err)
		}
		return e.JSON(http.StatusOK, ToApplication(e.App, record))
	}
}

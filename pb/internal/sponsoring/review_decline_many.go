package sponsoring

import (
	"database/sql"
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/refusal"
)

// MaxDeclinedAtOnce bounds the applications one bulk decline names.
const MaxDeclinedAtOnce = 50

// DeclineManyBody names the applications to decline at once, with the
// one reason and note they all get.
type DeclineManyBody struct {
	IDs []string `json:"ids"`
	DeclineBody
}

// DeclinedMany is what a bulk decline did: the applications declined,
// and those skipped with why.
type DeclinedMany struct {
	Declined []string  `json:"declined"`
	Skipped  []Skipped `json:"skipped"`
}

// Skipped is an application a bulk decline left as it was, and why.
type Skipped struct {
	ID      string `json:"id"`
	Message string `json:"message"`
}

// declineApplications answers POST /api/sponsorships/{id}/applications/decline (DeclineMany).
func declineApplications(e *core.RequestEvent) error {
	var body DeclineManyBody
	if err := apierr.ReadBody(e, &body); err != nil {
		return err
	}
	out, err := DeclineMany(e.App, e.Auth, e.Request.PathValue("id"), body)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, out)
}

// DeclineMany declines, for the offer's poster me, each pending
// application of the offer offerID among body.IDs as Decline would, all
// in one transaction; the others are skipped with the words a single
// decline would have answered.
func DeclineMany(app core.App, me *core.Record, offerID string, body DeclineManyBody) (DeclinedMany, error) {
	out := DeclinedMany{Declined: []string{}, Skipped: []Skipped{}}
	offer, err := posterOffer(app, me, offerID)
	if err != nil {
		return out, err
	}
	var ids []string
	for _, id := range body.IDs {
		if id = strings.TrimSpace(id); id != "" {
			ids = append(ids, id)
		}
	}
	ids = distinct(ids)
	if len(ids) == 0 || len(ids) > MaxDeclinedAtOnce {
		return out, refusal.Invalidf("Choose 1 to "+strconv.Itoa(MaxDeclinedAtOnce)+" applications.", nil)
	}
	if err := body.validate(); err != nil {
		return out, err
	}
	err = app.RunInTransaction(func(tx core.App) error {
		out = DeclinedMany{Declined: []string{}, Skipped: []Skipped{}}
		for _, id := range ids {
			read, err := tx.FindRecordById("applications", id)
			if err != nil && !errors.Is(err, sql.ErrNoRows) {
				return err
			}
			if err != nil || read.GetString("sponsorship") != offer.Id {
				out.Skipped = append(out.Skipped, Skipped{ID: id, Message: errApplicationNotFound.Message})
				continue
			}
			_, err = decideIn(tx, me, id, StatusDeclined, body.DeclineBody)
			switch {
			case errors.Is(err, errDecided): // read in this transaction: still as read
				out.Skipped = append(out.Skipped, Skipped{ID: id, Message: alreadyDecided(read).Message})
			case err != nil:
				return err
			default:
				out.Declined = append(out.Declined, id)
			}
		}
		return nil
	})
	return out, err
}

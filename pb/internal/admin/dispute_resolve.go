package admin

import (
	"errors"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/deals"
	"sponsorbridge/pb/internal/refusal"
)

// MaxResolution bounds an administrator's note on a resolved dispute, in characters.
const MaxResolution = 2000

// ResolveInput is an administrator's decision on a dispute.
type ResolveInput struct {
	Outcome string `json:"outcome"`
	Note    string `json:"note"`
}

func (f *ResolveInput) validate() error {
	if f.Outcome != deals.StatusCompleted && f.Outcome != deals.StatusCancelled {
		return validation.Errors{"outcome": apierr.Field("validation_invalid", "Outcome must be completed or cancelled")}
	}
	return apierr.Text("note", "Note", &f.Note, "Tell both sides what you decided", MaxResolution)
}

// ResolveDispute ends the dispute on deal id: the deal completed or
// cancelled with the administrator's note, logged, both sides told
// (deals.Resolve). It answers the deal as saved.
func ResolveDispute(app core.App, admin *core.Record, id string, in ResolveInput) (*core.Record, error) {
	if err := refusal.Fields(in.validate()); err != nil {
		return nil, err
	}
	if _, err := app.FindRecordById("deals", id); err != nil {
		return nil, refusal.NotFoundf("Deal not found.")
	}
	var deal *core.Record
	err := app.RunInTransaction(func(tx core.App) error {
		var err error
		deal, err = deals.Resolve(tx, id, admin, in.Outcome, in.Note)
		if err != nil {
			return err
		}
		return logAction(tx, admin, actionResolveDispute, "deals", id, in.Outcome+": "+in.Note)
	})
	if errors.Is(err, deals.ErrNotDisputed) {
		return nil, refusal.Conflictf("This deal is not in dispute.")
	}
	return deal, err
}

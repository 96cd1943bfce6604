package savedsearch

import (
	"errors"
	"net/http"
	"strings"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/router"

	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/membership"
)

// update renames, pauses or resumes one of the member's searches. The
// re-read and the save are one transaction: a rename read before a pause
// no longer puts the pause back, and a search deleted meanwhile answers
// 404 (before, the save of the gone row "succeeded" and brought the search
// back into the percolator).
func (s *Service) update(e *core.RequestEvent) error {
	if _, err := ownSaved(e, e.App); err != nil {
		return err
	}
	form := &updateForm{}
	if err := apierr.Bind(e, form, form.validate); err != nil {
		return err
	}
	var record *core.Record
	err := e.App.RunInTransaction(func(tx core.App) error {
		r, err := ownSaved(e, tx)
		if err != nil {
			return err
		}
		if form.Name != nil {
			r.Set("name", *form.Name)
		}
		if form.Paused != nil {
			r.Set("paused", *form.Paused)
		}
		record = r
		return tx.Save(r)
	})
	if err != nil {
		return apiError(e, err)
	}
	return e.JSON(http.StatusOK, toSaved(record))
}

// remove deletes one of the member's searches; of two deletions at once
// one answers 204 and the other 404.
func (s *Service) remove(e *core.RequestEvent) error {
	err := e.App.RunInTransaction(func(tx core.App) error {
		r, err := ownSaved(e, tx)
		if err != nil {
			return err
		}
		return tx.Delete(r)
	})
	if err != nil {
		return apiError(e, err)
	}
	return e.NoContent(http.StatusNoContent)
}

// ownSaved loads the search named in the path if it is the member's; any
// other answers 404 (another member's searches do not exist for them). In
// a transaction, an account deleted meanwhile answers 401.
func ownSaved(e *core.RequestEvent, app core.App) (*core.Record, error) {
	if err := membership.Present(e, app); err != nil {
		return nil, err
	}
	r, err := app.FindRecordById(Collection, e.Request.PathValue("id"))
	if err != nil || r.GetString("user") != e.Auth.Id {
		return nil, e.NotFoundError("Saved search not found.", nil)
	}
	return r, nil
}

// apiError passes on the answers a transaction chose; anything else is a 500.
func apiError(e *core.RequestEvent, err error) error {
	var apiErr *router.ApiError
	if errors.As(err, &apiErr) {
		return apiErr
	}
	return e.InternalServerError("", err)
}

type updateForm struct {
	Name   *string `json:"name"`
	Paused *bool   `json:"paused"`
}

func (f *updateForm) validate() error {
	if f.Name != nil {
		trimmed := strings.TrimSpace(*f.Name)
		f.Name = &trimmed
		if err := validateName(trimmed); err != nil {
			return validation.Errors{"name": err}
		}
	}
	return nil
}

func dbxUser(id string) dbx.Expression { return dbx.HashExp{"user": id} }

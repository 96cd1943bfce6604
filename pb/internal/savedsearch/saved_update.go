package savedsearch

import (
	"net/http"
	"strings"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apierr"
)

// update renames, pauses or resumes one of the member's searches.
func (s *Service) update(e *core.RequestEvent) error {
	record, err := ownSaved(e)
	if err != nil {
		return err
	}
	form := &updateForm{}
	if err := apierr.Bind(e, form, form.validate); err != nil {
		return err
	}
	if form.Name != nil {
		record.Set("name", *form.Name)
	}
	if form.Paused != nil {
		record.Set("paused", *form.Paused)
	}
	if err := e.App.Save(record); err != nil {
		return e.InternalServerError("", err)
	}
	return e.JSON(http.StatusOK, toSaved(record))
}

// remove deletes one of the member's searches.
func (s *Service) remove(e *core.RequestEvent) error {
	record, err := ownSaved(e)
	if err != nil {
		return err
	}
	if err := e.App.Delete(record); err != nil {
		return e.InternalServerError("", err)
	}
	return e.NoContent(http.StatusNoContent)
}

// ownSaved loads the search named in the path if it is the member's; any
// other answers 404 (another member's searches do not exist for them).
func ownSaved(e *core.RequestEvent) (*core.Record, error) {
	r, err := e.App.FindRecordById(Collection, e.Request.PathValue("id"))
	if err != nil || r.GetString("user") != e.Auth.Id {
		return nil, e.NotFoundError("Saved search not found.", nil)
	}
	return r, nil
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

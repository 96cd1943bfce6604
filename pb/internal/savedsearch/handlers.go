package savedsearch

import (
	"net/http"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apierr"
)

// create saves the member's current search under a name (Create).
func (s *Service) create(e *core.RequestEvent) error {
	var in NewSearch
	if err := apierr.ReadBody(e, &in); err != nil {
		return err
	}
	r, err := Create(e.App, e.Auth.Id, in)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusCreated, toSaved(r))
}

// update renames, pauses or resumes one of the member's searches (Update).
// A body that is not JSON is refused once the search is found and theirs.
func (s *Service) update(e *core.RequestEvent) error {
	in := &SearchChange{}
	if err := e.BindBody(in); err != nil {
		in = nil
	}
	r, err := Update(e.App, e.Auth.Id, e.Request.PathValue("id"), in)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, toSaved(r))
}

// remove deletes one of the member's searches (Delete).
func (s *Service) remove(e *core.RequestEvent) error {
	if err := Delete(e.App, e.Auth.Id, e.Request.PathValue("id")); err != nil {
		return err
	}
	return e.NoContent(http.StatusNoContent)
}

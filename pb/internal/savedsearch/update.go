package savedsearch

import (
	"errors"
	"strings"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/guarded"
	"sponsorbridge/pb/internal/membership"
	"sponsorbridge/pb/internal/refusal"
)

// SearchChange is the body of a rename, a pause or a resume: nil fields
// stay as they are.
type SearchChange struct {
	Name   *string `json:"name"`
	Paused *bool   `json:"paused"`
}

// Update renames, pauses or resumes the member's search id and answers it
// as saved. in is nil when the body could not be read: that is refused only
// once the search is found and the member's. The read and the save are one
// guarded write: a rename read before a pause no longer puts the pause
// back, and a search deleted meanwhile is not found (before, the save of
// the gone row "succeeded" and brought the search back into the
// percolator).
//
// Refusals: NotSignedIn, NotFound (not the member's), Invalid (the body,
// the name).
func Update(app core.App, memberID, id string, in *SearchChange) (*core.Record, error) {
	var saved *core.Record
	err := app.RunInTransaction(func(tx core.App) error {
		if err := present(tx, memberID); err != nil {
			return err
		}
		var refused error
		r, err := guarded.Update(tx, Collection, id, func(current *core.Record) bool {
			if current.GetString("user") != memberID {
				refused = errNotFound()
			} else if in == nil {
				refused = refusal.Invalidf("The request body is not valid JSON.", nil)
			} else {
				refused = in.validate()
			}
			return refused == nil
		}, in.apply)
		switch {
		case refused != nil:
			return refused
		case errors.Is(err, guarded.ErrStale):
			return errNotFound()
		}
		saved = r
		return err
	})
	if err != nil {
		return nil, err
	}
	return saved, nil
}

func (in *SearchChange) validate() error {
	if in.Name != nil {
		trimmed := strings.TrimSpace(*in.Name)
		in.Name = &trimmed
		if err := validateName(trimmed); err != nil {
			return refusal.Invalidf(refusal.CheckFields, validation.Errors{"name": err})
		}
	}
	return nil
}

func (in *SearchChange) apply(r *core.Record) {
	if in.Name != nil {
		r.Set("name", *in.Name)
	}
	if in.Paused != nil {
		r.Set("paused", *in.Paused)
	}
}

// Delete deletes the member's search id; of two deletions at once one
// succeeds and the other is not found.
//
// Refusals: NotSignedIn, NotFound (not the member's).
func Delete(app core.App, memberID, id string) error {
	return app.RunInTransaction(func(tx core.App) error {
		if err := present(tx, memberID); err != nil {
			return err
		}
		r, err := tx.FindRecordById(Collection, id)
		if err != nil || r.GetString("user") != memberID {
			return errNotFound()
		}
		return tx.Delete(r)
	})
}

// present refuses a member whose account is gone (deleted meanwhile).
func present(tx core.App, memberID string) error {
	if _, err := tx.FindRecordById("users", memberID); err != nil {
		return refusal.New(refusal.NotSignedIn, membership.NotSignedIn)
	}
	return nil
}

// errNotFound: another member's searches do not exist for them.
func errNotFound() error { return refusal.NotFoundf("Saved search not found.") }

func dbxUser(id string) dbx.Expression { return dbx.HashExp{"user": id} }

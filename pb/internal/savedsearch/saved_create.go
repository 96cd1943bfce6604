package savedsearch

import (
	"net/http"
	"strconv"
	"strings"
	"unicode/utf8"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/listings"
	"sponsorbridge/pb/internal/membership"
)

// create saves the member's current search under a name. At most
// MaxPerMember each: the count and the insert share one transaction, and
// transactions take turns on PocketBase's one writing connection, so
// creates at once cannot all count 19.
func (s *Service) create(e *core.RequestEvent) error {
	form := &createForm{}
	if err := apierr.Bind(e, form, form.validate); err != nil {
		return err
	}
	f, err := listings.LoadFilter(form.Query)
	if err != nil {
		return e.BadRequestError("Please check the highlighted fields.", validation.Errors{"query": err})
	}
	c, err := e.App.FindCachedCollectionByNameOrId(Collection)
	if err != nil {
		return e.InternalServerError("", err)
	}
	record := core.NewRecord(c)
	err = e.App.RunInTransaction(func(tx core.App) error {
		if err := membership.Present(e, tx); err != nil { // the account deleted meanwhile: 401
			return err
		}
		n, err := tx.CountRecords(Collection, dbxUser(e.Auth.Id))
		if err != nil {
			return err
		}
		if n >= MaxPerMember {
			return e.Error(http.StatusConflict, "You can keep at most 20 saved searches. Delete one to save another.", nil)
		}
		record.Set("user", e.Auth.Id)
		record.Set("name", form.Name)
		record.Set("kind", form.Kind)
		record.Set("query", listings.StoreFilter(f))
		record.Set("paused", false)
		return tx.Save(record)
	})
	if err != nil {
		return apiError(e, err)
	}
	return e.JSON(http.StatusCreated, toSaved(record))
}

type createForm struct {
	Name  string                `json:"name"`
	Kind  string                `json:"kind"`
	Query listings.StoredFilter `json:"query"`
}

func (f *createForm) validate() error {
	f.Name = strings.TrimSpace(f.Name)
	errs := validation.Errors{}
	if err := validateName(f.Name); err != nil {
		errs["name"] = err
	}
	if _, ok := listings.KindOfSegment(f.Kind); !ok {
		errs["kind"] = apierr.Field("validation_invalid_kind", "Kind must be sponsorships or requests")
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}

// MaxName bounds a saved search's name, in characters.
const MaxName = 60

func validateName(name string) error {
	switch {
	case name == "":
		return apierr.Field("validation_required", "Give the search a name")
	case utf8.RuneCountInString(name) > MaxName:
		return apierr.Field("validation_too_long", "Name must be at most "+strconv.Itoa(MaxName)+" characters")
	}
	return nil
}

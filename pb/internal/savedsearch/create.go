package savedsearch

import (
	"strconv"
	"strings"
	"unicode/utf8"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/listings"
	"sponsorbridge/pb/internal/refusal"
)

// refusal.CheckFields is the message of every refusal with field errors.

// NewSearch is the body of a new saved search: the member's current search
// under a name.
type NewSearch struct {
	Name  string                `json:"name"`
	Kind  string                `json:"kind"`
	Query listings.StoredFilter `json:"query"`
}

// Create saves the search in under its name for the member memberID and
// answers the stored record. At most MaxPerMember each: the count and the
// insert share one transaction, and transactions take turns on
// PocketBase's one writing connection, so creates at once cannot all count
// 19.
//
// Refusals: Invalid (name and kind, then the query), NotSignedIn (the
// account deleted meanwhile), Conflict (MaxPerMember already).
func Create(app core.App, memberID string, in NewSearch) (*core.Record, error) {
	in.Name = strings.TrimSpace(in.Name)
	if err := in.validate(); err != nil {
		return nil, refusal.Invalidf(refusal.CheckFields, err)
	}
	f, err := listings.LoadFilter(in.Query)
	if err != nil {
		return nil, refusal.Invalidf(refusal.CheckFields, validation.Errors{"query": err})
	}
	kind, _ := listings.KindOfSegment(in.Kind)
	f = listings.ForKind(kind, f) // an offers search keeps no package condition
	c, err := app.FindCachedCollectionByNameOrId(Collection)
	if err != nil {
		return nil, err
	}
	record := core.NewRecord(c)
	err = app.RunInTransaction(func(tx core.App) error {
		if err := present(tx, memberID); err != nil {
			return err
		}
		n, err := tx.CountRecords(Collection, dbxUser(memberID))
		if err != nil {
			return err
		}
		if n >= MaxPerMember {
			return refusal.Conflictf("You can keep at most 20 saved searches. Delete one to save another.")
		}
		record.Set("user", memberID)
		record.Set("name", in.Name)
		record.Set("kind", in.Kind)
		record.Set("query", listings.StoreFilter(f))
		record.Set("paused", false)
		return tx.Save(record)
	})
	if err != nil {
		return nil, err
	}
	return record, nil
}

func (in *NewSearch) validate() error {
	errs := validation.Errors{}
	if err := validateName(in.Name); err != nil {
		errs["name"] = err
	}
	if _, ok := listings.KindOfSegment(in.Kind); !ok {
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

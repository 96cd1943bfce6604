package links

import (
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/security"

	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/deals"
	"sponsorbridge/pb/internal/refusal"
)

var errTooMany = refusal.Conflictf(fmt.Sprintf("A deal has at most %d tracked links.", MaxPerDeal))

// Create makes a tracked link on deal dealID for its member me: either
// member, while the deal is under way, at most MaxPerDeal a deal. The code
// is drawn again when it is taken (the unique index on code decides).
func Create(app core.App, dealID string, me *core.Record, in CreateInput) (*core.Record, error) {
	if err := in.validate(); err != nil {
		return nil, refusal.Invalidf(refusal.CheckFields, err)
	}
	d, err := deals.UnderWay.Admit(app, dealID, me)
	if err != nil {
		return nil, err
	}
	if in.Deliverable != "" {
		var items []deals.Deliverable
		_ = d.UnmarshalJSONField("deliverables", &items)
		if !slices.ContainsFunc(items, func(it deals.Deliverable) bool { return it.ID == in.Deliverable }) {
			return nil, refusal.Invalidf(refusal.CheckFields, validation.Errors{
				"deliverable": apierr.Field("validation_invalid", "Choose one of this deal's deliverables")})
		}
	}
	c, err := app.FindCachedCollectionByNameOrId("tracked_links")
	if err != nil {
		return nil, err
	}
	var link *core.Record
	err = app.RunInTransaction(func(tx core.App) error {
		// writes are one at a time: the count holds until the commit
		n, err := tx.CountRecords("tracked_links", dbx.HashExp{"deal": d.Id})
		if err != nil {
			return err
		}
		if n >= MaxPerDeal {
			return errTooMany
		}
		for range 5 {
			link = core.NewRecord(c)
			link.Load(map[string]any{"deal": d.Id, "deliverable": in.Deliverable, "target": in.Target,
				"createdBy": me.Id, "code": security.RandomStringWithAlphabet(CodeLength, codeAlphabet)})
			if err = tx.Save(link); err == nil || !codeTaken(err) {
				return err
			}
		}
		return err
	})
	return link, err
}

// codeTaken tells a save refused by the unique index on code (62^8 codes:
// all but never).
func codeTaken(err error) bool {
	var v validation.Errors
	if errors.As(err, &v) {
		_, ok := v["code"]
		return ok
	}
	return strings.Contains(err.Error(), "UNIQUE constraint failed: tracked_links.code")
}

// CreateInput is the body of POST /api/deals/{id}/links.
type CreateInput struct {
	Target string `json:"target"`
	// Deliverable is one of the deal's deliverables' ids, or absent.
	Deliverable string `json:"deliverable,omitzero"`
}

func (f *CreateInput) validate() error {
	f.Target, f.Deliverable = strings.TrimSpace(f.Target), strings.TrimSpace(f.Deliverable)
	if !validTarget(f.Target) {
		return validation.Errors{"target": apierr.Field("validation_invalid_url", "Enter a link starting with http:// or https://")}
	}
	return nil
}

// validTarget: an absolute http or https address with a host, at most
// MaxTarget characters.
func validTarget(s string) bool {
	if utf8.RuneCountInString(s) > MaxTarget || strings.ContainsAny(s, " \t\r\n") {
		return false
	}
	u, err := url.Parse(s)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != "" && u.User == nil
}

package reports

// Writing a report: the recipient's figures, spending and summary.

import (
	"math"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/deals"
	"sponsorbridge/pb/internal/evidence"
	"sponsorbridge/pb/internal/money"
	"sponsorbridge/pb/internal/refusal"
	"sponsorbridge/pb/internal/when"
)

// Who may act on a report.
type side int

const (
	eitherSide side = iota
	sponsorOnly
	recipientOnly
)

// errNotCompleted: a report is for a completed deal only.
var errNotCompleted = refusal.Conflictf("An impact report is written once the deal is completed.")

// admit is deal dealID when me may act on its report as by: one of its
// members (else NotFound), on that side (Forbidden), the deal completed
// (Conflict).
func admit(app core.App, dealID string, me *core.Record, by side) (*core.Record, error) {
	d, err := deals.OfMember(app, dealID, me)
	if err != nil {
		return nil, err
	}
	switch {
	case by == sponsorOnly && d.GetString("sponsor") != me.Id:
		return nil, refusal.Forbiddenf("Only the sponsor can do this.")
	case by == recipientOnly && d.GetString("recipient") != me.Id:
		return nil, refusal.Forbiddenf("Only the recipient can do this.")
	case d.GetString("status") != deals.StatusCompleted:
		return nil, errNotCompleted
	}
	return d, nil
}

// Save writes the recipient's parts of the report of deal dealID (a draft
// stays a draft, a published report is edited) and answers the deal and
// the report's row. The first save creates the row: saves run one at a
// time (a transaction on the app's one writing connection, begun
// IMMEDIATE: pb/internal/guarded), so two first saves at once make one row.
func Save(app core.App, dealID string, me *core.Record, in ImpactReportInput) (d, row *core.Record, err error) {
	if d, err = admit(app, dealID, me, recipientOnly); err != nil {
		return nil, nil, err
	}
	today := when.Day(time.Now())
	if err := in.validate(d.GetInt("amount"), today); err != nil {
		return nil, nil, refusal.Fields(err)
	}
	if err := checkFiles(app, d.Id, in); err != nil {
		return nil, nil, err
	}
	err = app.RunInTransaction(func(tx core.App) error {
		row, err = rowFor(tx, d.Id)
		if err != nil {
			return err
		}
		row.Set("summary", in.Summary)
		row.Set("figures", figuresFrom(in.Figures, figuresOf(row), today))
		row.Set("spending", spendingFrom(in.Spending, spendingOf(row)))
		return tx.Save(row)
	})
	return d, row, err
}

// rowFor is the deal's report row, a new draft when none is saved (tx: a
// transaction, so no other save runs between the read and the write).
func rowFor(tx core.App, dealID string) (*core.Record, error) {
	row, err := findRow(tx, dealID)
	if err != nil || row != nil {
		return row, err
	}
	c, err := tx.FindCachedCollectionByNameOrId("impact_reports")
	if err != nil {
		return nil, err
	}
	row = core.NewRecord(c)
	row.Set("deal", dealID)
	row.Set("status", StatusDraft)
	return row, nil
}

func (in *ImpactReportInput) validate(amount int, today string) error {
	errs := validation.Errors{}
	fail := func(key, code, msg string) { errs[key] = apierr.Field(code, msg) }
	in.Summary = strings.TrimSpace(in.Summary)
	if utf8.RuneCountInString(in.Summary) > MaxSummary || !utf8.ValidString(in.Summary) {
		fail("summary", "validation_too_long", "The summary must be at most "+strconv.Itoa(MaxSummary)+" characters")
	}
	if len(in.Figures) > MaxFigures {
		fail("figures", "validation_too_many", "At most "+strconv.Itoa(MaxFigures)+" figures")
	}
	for i := range in.Figures {
		f, key := &in.Figures[i], "figures."+strconv.Itoa(i)
		f.Label, f.AsOf, f.Kind = strings.TrimSpace(f.Label), strings.TrimSpace(f.AsOf), strings.TrimSpace(f.Kind)
		switch {
		case f.Label == "":
			fail(key+".label", "validation_required", "Name the figure")
		case utf8.RuneCountInString(f.Label) > MaxFigureLabel || !utf8.ValidString(f.Label):
			fail(key+".label", "validation_too_long", "A figure's name is at most "+strconv.Itoa(MaxFigureLabel)+" characters")
		}
		if !slices.Contains(FigureKinds, f.Kind) {
			fail(key+".kind", "validation_invalid", "Choose attendance, reach or other")
		}
		if !whole(f.Value, 0, MaxFigureValue) {
			fail(key+".value", "validation_invalid", "A figure must be a whole number from 0 to 1,000,000,000")
		}
		if f.AsOf != "" {
			if _, err := time.Parse(time.DateOnly, f.AsOf); err != nil || f.AsOf > today {
				fail(key+".asOf", "validation_invalid", "The date must be a date (YYYY-MM-DD), not in the future")
			}
		}
	}
	if len(in.Spending) > MaxSpending {
		fail("spending", "validation_too_many", "At most "+strconv.Itoa(MaxSpending)+" line items")
	}
	total := 0
	for i := range in.Spending {
		s, key := &in.Spending[i], "spending."+strconv.Itoa(i)
		s.Label = strings.TrimSpace(s.Label)
		switch {
		case s.Label == "":
			fail(key+".label", "validation_required", "Say what the money paid for")
		case utf8.RuneCountInString(s.Label) > MaxSpendingLabel || !utf8.ValidString(s.Label):
			fail(key+".label", "validation_too_long", "A line item is at most "+strconv.Itoa(MaxSpendingLabel)+" characters")
		}
		if !whole(s.Amount, 1, amount) {
			fail(key+".amount", "validation_invalid", "Amount must be a whole number from 1 to "+money.Thousands(int64(amount)))
			continue
		}
		total += int(*s.Amount)
	}
	if _, failed := errs["spending"]; !failed && total > amount {
		fail("spending", "validation_over_amount", "The spending adds up to more than the deal's "+money.Dollars(int64(amount)))
	}
	if len(errs) == 0 {
		return nil
	}
	return errs
}

// whole: v is a whole number from low to high.
func whole(v *float64, low, high int) bool {
	return v != nil && *v == math.Trunc(*v) && *v >= float64(low) && *v <= float64(high)
}

// checkFiles refuses a figure's evidence or a receipt that is not an
// evidence file of the deal.
func checkFiles(app core.App, dealID string, in ImpactReportInput) error {
	var ids []string
	for _, f := range in.Figures {
		ids = append(ids, f.Evidence)
	}
	for _, s := range in.Spending {
		ids = append(ids, s.Receipt)
	}
	files, err := evidence.OfDeal(app, dealID, ids...)
	if err != nil {
		return err
	}
	errs := validation.Errors{}
	const msg = "Attach a file of this deal"
	for i, f := range in.Figures {
		if _, ok := files[f.Evidence]; f.Evidence != "" && !ok {
			errs["figures."+strconv.Itoa(i)+".evidence"] = apierr.Field("validation_invalid_evidence", msg)
		}
	}
	for i, s := range in.Spending {
		if _, ok := files[s.Receipt]; s.Receipt != "" && !ok {
			errs["spending."+strconv.Itoa(i)+".receipt"] = apierr.Field("validation_invalid_evidence", msg)
		}
	}
	if len(errs) == 0 {
		return nil
	}
	return refusal.Fields(errs)
}

// figuresFrom are the figures to store: an item keeps its id when it names
// one the report had (once), others get new ones; asOf defaults to today.
func figuresFrom(in []FigureInput, had []storedFigure, today string) []storedFigure {
	ids := keepIDs(len(in), func(i int) string { return in[i].ID }, func(id string) bool {
		return slices.ContainsFunc(had, func(f storedFigure) bool { return f.ID == id })
	})
	out := make([]storedFigure, 0, len(in))
	for i, f := range in {
		asOf := f.AsOf
		if asOf == "" {
			asOf = today
		}
		out = append(out, storedFigure{ID: ids[i], Kind: f.Kind, Label: f.Label, Value: int(*f.Value), AsOf: asOf, Evidence: f.Evidence})
	}
	return out
}

func spendingFrom(in []SpendingInput, had []storedItem) []storedItem {
	ids := keepIDs(len(in), func(i int) string { return in[i].ID }, func(id string) bool {
		return slices.ContainsFunc(had, func(s storedItem) bool { return s.ID == id })
	})
	out := make([]storedItem, 0, len(in))
	for i, s := range in {
		out = append(out, storedItem{ID: ids[i], Label: s.Label, Amount: int(*s.Amount), Receipt: s.Receipt})
	}
	return out
}

// keepIDs are n items' ids: the one given (idOf) when known and not taken
// by an earlier item, else a new one.
func keepIDs(n int, idOf func(int) string, known func(string) bool) []string {
	out := make([]string, n)
	taken := map[string]bool{}
	for i := range out {
		id := idOf(i)
		if id == "" || taken[id] || !known(id) {
			id = deals.NewItemID()
		}
		taken[id] = true
		out[i] = id
	}
	return out
}

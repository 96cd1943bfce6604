package reports

// The report as one reader reads it, drafted from the deal on every read:
// its measured parts come from the deal, its pictures and tracked links;
// the recipient's parts from the impact_reports row.

import (
	"database/sql"
	"errors"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/accounts"
	"sponsorbridge/pb/internal/deals"
	"sponsorbridge/pb/internal/evidence"
	"sponsorbridge/pb/internal/publicurl"
	"sponsorbridge/pb/internal/when"
)

// reader is who reads a report.
type reader struct {
	// sponsor: the deal's sponsor (the share link is theirs; a draft shows
	// them only its measured parts).
	sponsor bool
	// token is the share link's token when the report is read through it
	// ("" for the deal's members).
	token string
}

// storedFigure and storedItem are the recipient's parts as the row keeps
// them (impact_reports.figures and .spending).
type storedFigure struct {
	ID       string `json:"id"`
	Kind     string `json:"kind"`
	Label    string `json:"label"`
	Value    int    `json:"value"`
	AsOf     string `json:"asOf"`
	Evidence string `json:"evidence"`
}

type storedItem struct {
	ID      string `json:"id"`
	Label   string `json:"label"`
	Amount  int    `json:"amount"`
	Receipt string `json:"receipt"`
}

func figuresOf(row *core.Record) []storedFigure {
	var out []storedFigure
	if row != nil {
		_ = row.UnmarshalJSONField("figures", &out)
	}
	return out
}

func spendingOf(row *core.Record) []storedItem {
	var out []storedItem
	if row != nil {
		_ = row.UnmarshalJSONField("spending", &out)
	}
	return out
}

// findRow is the deal's impact_reports row, or nil when none is saved.
func findRow(app core.App, dealID string) (*core.Record, error) {
	row, err := app.FindFirstRecordByData("impact_reports", "deal", dealID)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	return row, err
}

func statusOf(row *core.Record) string {
	if row != nil && row.GetString("status") == StatusPublished {
		return StatusPublished
	}
	return StatusDraft
}

// build is the report of the completed deal d (row: its saved part, nil
// for none) as who reads it.
func build(app core.App, d, row *core.Record, who reader) (ImpactReport, error) {
	list, err := deals.ToDeals(app, []*core.Record{d})
	if err != nil {
		return ImpactReport{}, err
	}
	deal := list[0]
	out := ImpactReport{
		DealID: d.Id, Status: statusOf(row), Category: d.GetString("category"), Amount: deal.Amount,
		Listing:     ReportListing{Kind: deal.Listing.Kind, ID: deal.Listing.ID, Title: deal.Listing.Title},
		Sponsor:     deal.Sponsor,
		Recipient:   deal.Recipient,
		CompletedAt: deal.CompletedAt,
		Figures:     []ReportFigure{},
		Spending:    []SpendingItem{},
	}
	if row != nil {
		out.PublishedAt = when.API(row.GetDateTime("publishedAt").Time())
	}
	out.Deliverables, out.OnTimeShare = deliverablesOf(deal.Deliverables)
	if out.Photos, err = photosOf(app, d.Id, who); err != nil {
		return ImpactReport{}, err
	}
	if out.Links, out.LinkTotals, err = linksOf(app, d.Id); err != nil {
		return ImpactReport{}, err
	}
	// a draft is the recipient's until they publish it
	if !who.sponsor || out.Status == StatusPublished {
		if err := recipientParts(app, d, row, who, &out); err != nil {
			return ImpactReport{}, err
		}
	}
	out.Unaccounted = out.Amount - out.SpentTotal
	if out.Benchmark, err = benchmarkOf(app, d, out); err != nil {
		return ImpactReport{}, err
	}
	if who.sponsor && who.token == "" && row != nil && row.GetString("shareHash") != "" {
		out.Shared = &ReportShare{SharedAt: when.API(row.GetDateTime("sharedAt").Time())}
	}
	if who.token != "" {
		out.DealID = ""
		out.Sponsor = anonymous(out.Sponsor, sharedPath(who.token)+"/avatars/sponsor")
		out.Recipient = anonymous(out.Recipient, sharedPath(who.token)+"/avatars/recipient")
	}
	return out, nil
}

// deliverablesOf are the deal's deliverables with whether each was on
// time, and the whole percentage of those with a due date that were.
func deliverablesOf(list []deals.Deliverable) ([]ReportDeliverable, *int) {
	out := make([]ReportDeliverable, 0, len(list))
	withDue, onTime := 0, 0
	for _, it := range list {
		ok := it.OnTime()
		if ok != nil {
			withDue++
			if *ok {
				onTime++
			}
		}
		out = append(out, ReportDeliverable{ID: it.ID, Title: it.Title, Due: it.Due, DoneAt: it.DoneAt, OnTime: ok,
			ProofText: it.ProofText, ProofLink: it.ProofLink, ProofPicture: it.ProofPicture})
	}
	return out, deals.Percent(onTime, withDue)
}

// photosOf are the deal's proof pictures (not its request's updates'),
// oldest first, each with the address its reader reads it at.
func photosOf(app core.App, dealID string, who reader) ([]ReportPhoto, error) {
	var ids []string
	err := app.DB().Select("id").From("deal_pictures").Where(dbx.HashExp{"deal": dealID}).
		OrderBy("created ASC", "rowid ASC").Column(&ids)
	if err != nil {
		return nil, err
	}
	out := make([]ReportPhoto, 0, len(ids))
	for _, id := range ids {
		url := "/api/deals/" + dealID + "/pictures/" + id
		if who.token != "" {
			url = sharedPath(who.token) + "/pictures/" + id
		}
		out = append(out, ReportPhoto{ID: id, URL: url})
	}
	return out, nil
}

// linksOf are the deal's tracked links (the tracked_links table) and
// their totals.
func linksOf(app core.App, dealID string) ([]ReportLink, ReportLinkTotals, error) {
	var rows []struct {
		Code           string `db:"code"`
		Target         string `db:"target"`
		Deliverable    string `db:"deliverable"`
		Visits         int    `db:"visits"`
		UniqueVisitors int    `db:"uniqueVisitors"`
	}
	var totals ReportLinkTotals
	err := app.DB().Select("code", "target", "deliverable", "visits", "uniqueVisitors").From("tracked_links").
		Where(dbx.HashExp{"deal": dealID}).OrderBy("created ASC", "rowid ASC").All(&rows)
	if err != nil {
		return nil, totals, err
	}
	out := make([]ReportLink, 0, len(rows))
	for _, l := range rows {
		out = append(out, ReportLink{Code: l.Code, URL: publicurl.Link(app, "/l/"+l.Code), Target: l.Target,
			Deliverable: l.Deliverable, Visits: l.Visits, UniqueVisitors: l.UniqueVisitors})
		totals.Visits += l.Visits
		totals.UniqueVisitors += l.UniqueVisitors
	}
	return out, totals, nil
}

// recipientParts fills in the recipient's figures, spending and summary,
// their evidence files loaded together.
func recipientParts(app core.App, d, row *core.Record, who reader, out *ImpactReport) error {
	figures, spending := figuresOf(row), spendingOf(row)
	var ids []string
	for _, f := range figures {
		ids = append(ids, f.Evidence)
	}
	for _, s := range spending {
		ids = append(ids, s.Receipt)
	}
	files, err := evidence.OfDeal(app, d.Id, ids...)
	if err != nil {
		return err
	}
	// a file's address: the member's, or the share link's
	address := func(f *evidence.EvidenceFile) *evidence.EvidenceFile {
		if f != nil && who.token != "" {
			f.URL = sharedPath(who.token) + "/evidence/" + f.ID
		}
		return f
	}
	now := time.Now()
	for _, f := range figures {
		fig := ReportFigure{ID: f.ID, Kind: f.Kind, Label: f.Label, Figure: evidence.Stated(f.Value, f.AsOf, files[f.Evidence], now)}
		fig.Evidence = address(fig.Evidence)
		out.Figures = append(out.Figures, fig)
	}
	for _, s := range spending {
		item := SpendingItem{ID: s.ID, Label: s.Label, Amount: s.Amount}
		if f, ok := files[s.Receipt]; ok {
			file := evidence.ToFile(f)
			item.Receipt = address(&file)
		}
		out.Spending = append(out.Spending, item)
		out.SpentTotal += s.Amount
	}
	if row != nil {
		out.Summary = row.GetString("summary")
	}
	return nil
}

// anonymous is p as a shared report names them: no id, no username, their
// avatar (if any) at avatar (its own address names their id).
func anonymous(p accounts.Person, avatar string) accounts.Person {
	if p.Avatar == "" {
		avatar = ""
	}
	return accounts.Person{DisplayName: p.DisplayName, Avatar: avatar, IsVerified: p.IsVerified, Deleted: p.Deleted}
}

// sharedPath is the API path of the shared report of token.
func sharedPath(token string) string { return "/api/shared-reports/" + token }

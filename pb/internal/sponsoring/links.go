package sponsoring

import (
	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/accounts"
	"sponsorbridge/pb/internal/listings"
	"sponsorbridge/pb/internal/messaging"
)

// side names the fields of applications or commitments that their answer
// follows to other records.
type side struct {
	member       string // the applicant or sponsor (the other member is the poster)
	listingField string // the listing the row is about, in listingTable
	listingTable string
	dealField    string // the deals field holding the row's id
}

var (
	applicationSide = side{member: "applicant", listingField: "sponsorship", listingTable: listings.Sponsorships.Table, dealField: "application"}
	commitmentSide  = side{member: "sponsor", listingField: "request", listingTable: listings.Requests.Table, dealField: "commitment"}
)

// links are what a page of applications or commitments names beyond its
// own rows, loaded together: one query each for the members, their
// conversations, the deals the rows opened and their listings, whatever
// the page's length.
type links struct {
	people        accounts.People
	conversations map[string]string       // pair key -> conversation id
	deals         map[string]string       // application or commitment id -> deal id
	tierNames     map[string]string       // commitment id -> the package its deal opened from
	listings      map[string]*core.Record // listing id -> listing
}

func loadLinks(app core.App, s side, rows []*core.Record) (links, error) {
	l := links{conversations: map[string]string{}, deals: map[string]string{}, tierNames: map[string]string{},
		listings: map[string]*core.Record{}}
	var memberIDs, listingIDs []string
	var pairs, rowIDs []any
	for _, r := range rows {
		a, b := r.GetString(s.member), r.GetString("poster")
		memberIDs = append(memberIDs, a, b)
		if a != "" && b != "" {
			pairs = append(pairs, messaging.PairKey(a, b))
		}
		rowIDs = append(rowIDs, r.Id)
		if id := r.GetString(s.listingField); id != "" {
			listingIDs = append(listingIDs, id)
		}
	}
	var err error
	if l.people, err = accounts.LoadPeople(app, memberIDs...); err != nil {
		return l, err
	}
	if len(pairs) > 0 {
		var convs []struct {
			ID      string `db:"id"`
			PairKey string `db:"pairKey"`
		}
		err := app.DB().Select("id", "pairKey").From(messaging.Conversations).Where(dbx.In("pairKey", pairs...)).All(&convs)
		if err != nil {
			return l, err
		}
		for _, c := range convs {
			l.conversations[c.PairKey] = c.ID
		}
	}
	if len(rowIDs) > 0 {
		var opened []struct {
			ID       string `db:"id"`
			Row      string `db:"row"`
			TierName string `db:"tierName"`
		}
		err := app.DB().Select("id", s.dealField+" AS row", "tierName").From("deals").Where(dbx.In(s.dealField, rowIDs...)).All(&opened)
		if err != nil {
			return l, err
		}
		for _, d := range opened {
			l.deals[d.Row] = d.ID
			l.tierNames[d.Row] = d.TierName
		}
	}
	if len(listingIDs) > 0 {
		found, err := app.FindRecordsByIds(s.listingTable, listingIDs)
		if err != nil {
			return l, err
		}
		for _, r := range found {
			l.listings[r.Id] = r
		}
	}
	return l, nil
}

// conversation is the id of the conversation between two members, or "".
func (l links) conversation(a, b string) string {
	if a == "" || b == "" {
		return ""
	}
	return l.conversations[messaging.PairKey(a, b)]
}

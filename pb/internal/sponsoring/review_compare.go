package sponsoring

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"sponsorbridge/pb/internal/accounts"
	"sponsorbridge/pb/internal/eligibility"
	"sponsorbridge/pb/internal/refusal"
	"sponsorbridge/pb/internal/when"
)

// Compare's bounds: how many applications it sets side by side, and how
// many of each applicant's latest reviews it shows.
const (
	MinCompared    = 2
	MaxCompared    = 4
	ComparedReview = 3
)

// Comparison is shortlisted applications of one offer side by side: the
// offer's questions as they are now, and the applications in the order
// asked, each with its applicant's latest reviews.
type Comparison struct {
	Questions    []eligibility.Question `json:"questions"`
	Applications []CompareItem          `json:"applications"`
}

// CompareItem is an application as the poster reads it, with the
// applicant's latest shown reviews.
type CompareItem struct {
	ReviewItem
	Reviews []CompareReview `json:"reviews"`
}

// CompareReview is a shown review of the applicant.
type CompareReview struct {
	Rating    int             `json:"rating"`
	Comment   string          `json:"comment"`
	CreatedAt string          `json:"createdAt"`
	Author    accounts.Person `json:"author"`
}

// compareApplications answers GET /api/sponsorships/{id}/applications/compare (Compare).
func compareApplications(e *core.RequestEvent) error {
	var ids []string
	for _, id := range strings.Split(e.Request.URL.Query().Get("ids"), ",") {
		if id = strings.TrimSpace(id); id != "" {
			ids = append(ids, id)
		}
	}
	c, err := Compare(e.App, e.Auth, e.Request.PathValue("id"), ids)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, c)
}

// Compare sets the shortlisted applications ids (2 to 4, an id given
// twice counted once) of the offer offerID side by side, for its poster me.
func Compare(app core.App, me *core.Record, offerID string, ids []string) (Comparison, error) {
	offer, err := posterOffer(app, me, offerID)
	if err != nil {
		return Comparison{}, err
	}
	ids = distinct(ids)
	if len(ids) < MinCompared || len(ids) > MaxCompared {
		return Comparison{}, refusal.Invalidf("Compare 2 to 4 applications.", nil)
	}
	rows, err := recordsInOrder(app, ids)
	if err != nil {
		return Comparison{}, err
	}
	if len(rows) != len(ids) {
		return Comparison{}, errApplicationNotFound
	}
	for _, r := range rows {
		if r.GetString("sponsorship") != offer.Id {
			return Comparison{}, errApplicationNotFound
		}
	}
	for _, r := range rows {
		if !r.GetBool("shortlisted") {
			return Comparison{}, refusal.Invalidf("Only shortlisted applications can be compared.", nil)
		}
	}
	items, err := toReviewItems(app, offer, rows)
	if err != nil {
		return Comparison{}, err
	}
	subjects := make([]string, len(rows))
	for i, r := range rows {
		subjects[i] = r.GetString("applicant")
	}
	reviews, err := latestReviews(app, subjects, ComparedReview)
	if err != nil {
		return Comparison{}, err
	}
	out := Comparison{Questions: eligibility.DecodeQuestions(offer.GetString("questions")),
		Applications: make([]CompareItem, len(items))}
	for i, item := range items {
		out.Applications[i] = CompareItem{ReviewItem: item, Reviews: reviews[subjects[i]]}
		if out.Applications[i].Reviews == nil {
			out.Applications[i].Reviews = []CompareReview{}
		}
	}
	return out, nil
}

// latestReviews are the n latest shown reviews of each member of
// subjects, newest first, in one query for them all (and one for their
// authors).
func latestReviews(app core.App, subjects []string, n int) (map[string][]CompareReview, error) {
	params := dbx.Params{"now": types.NowDateTime().String(), "n": n}
	holders := make([]string, len(subjects))
	for i, s := range subjects {
		key := "s" + strconv.Itoa(i)
		params[key], holders[i] = s, "{:"+key+"}"
	}
	var rows []struct {
		Subject string         `db:"subject"`
		Author  string         `db:"author"`
		Rating  int            `db:"rating"`
		Body    string         `db:"body"`
		Created types.DateTime `db:"created"`
	}
	err := app.DB().NewQuery(`SELECT subject, author, rating, body, created FROM (
			SELECT subject, author, rating, body, created,
				ROW_NUMBER() OVER (PARTITION BY subject ORDER BY visibleAt DESC, rowid DESC) AS n
			FROM reviews WHERE subject IN (` + strings.Join(holders, ", ") + `) AND hidden = 0 AND visibleAt <= {:now})
		WHERE n <= {:n} ORDER BY subject, n`).Bind(params).All(&rows)
	if err != nil {
		return nil, err
	}
	authors := make([]string, len(rows))
	for i, r := range rows {
		authors[i] = r.Author
	}
	people, err := accounts.LoadPeople(app, authors...)
	if err != nil {
		return nil, err
	}
	out := map[string][]CompareReview{}
	for _, r := range rows {
		out[r.Subject] = append(out[r.Subject], CompareReview{Rating: r.Rating, Comment: r.Body,
			CreatedAt: when.API(r.Created.Time()), Author: people.Of(r.Author)})
	}
	return out, nil
}

// distinct is ids without repeats, in their first order.
func distinct(ids []string) []string {
	seen := map[string]bool{}
	out := ids[:0:0]
	for _, id := range ids {
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}

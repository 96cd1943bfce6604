package deals

import (
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/http"
	"time"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"sponsorbridge/pb/internal/accounts"
	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/membership"
	"sponsorbridge/pb/internal/notify"
	"sponsorbridge/pb/internal/paging"
	"sponsorbridge/pb/internal/when"
)

// Reviews (docs/api/deals.md, "Reviews"): once a deal is completed, or 30
// days after the event of a funded deal, each side may review the other
// once. A review is shown when both sides have written, or BlindFor after
// the first; the reviewed member may reply once; administrators may hide one.
const (
	MaxReviewText = 2000
	// BlindFor keeps the first review of a deal unseen while the other side
	// has not written theirs, so neither answers the other's words.
	BlindFor = 14 * 24 * time.Hour
	// ReviewAfterEvent opens the reviews of a funded deal that never
	// reached completed, counted from the listing's event date.
	ReviewAfterEvent = 30 * 24 * time.Hour
)

// Review is the wire shape of a review.
type Review struct {
	ID      string          `json:"id"`
	DealID  string          `json:"dealId"`
	Listing DealListing     `json:"listing"`
	Rating  int             `json:"rating"`
	Body    string          `json:"body"`
	Author  accounts.Person `json:"author"`
	Subject accounts.Person `json:"subject"`
	// VisibleAt is when it is (or will be) shown to others.
	VisibleAt string `json:"visibleAt"`
	CreatedAt string `json:"createdAt"`
	Reply     string `json:"reply"`
	RepliedAt string `json:"repliedAt"`
	// Hidden and HiddenReason only ever reach administrators: members never
	// read a hidden review.
	Hidden       bool   `json:"hidden"`
	HiddenReason string `json:"hiddenReason"`
}

// DealReviews is what a deal's page says of its reviews to one of its
// members.
type DealReviews struct {
	// Open: the member may write their review now (and has not yet).
	Open bool `json:"open"`
	// OpensAt is when the reviews of a funded deal open ("" when they are
	// open, when the deal completed, or when they never will).
	OpensAt string `json:"opensAt"`
	// Mine is the member's own review (shown to them at once).
	Mine *Review `json:"mine"`
	// Theirs is the other side's review, once it is shown; TheirsWritten
	// says whether they wrote one that is not shown yet.
	Theirs        *Review `json:"theirs"`
	TheirsWritten bool    `json:"theirsWritten"`
}

// toReview maps a reviews record.
func toReview(app core.App, r *core.Record, d *core.Record) Review {
	out := Review{
		ID: r.Id, DealID: r.GetString("deal"), Rating: r.GetInt("rating"), Body: r.GetString("body"),
		Author:    accounts.PersonOf(app, r.GetString("author")),
		Subject:   accounts.PersonOf(app, r.GetString("subject")),
		VisibleAt: stamp(r, "visibleAt"), CreatedAt: stamp(r, "created"),
		Reply: r.GetString("reply"), RepliedAt: stamp(r, "repliedAt"),
		Hidden: r.GetBool("hidden"), HiddenReason: r.GetString("hiddenReason"),
	}
	if d != nil {
		out.Listing = listingOf(d) // not ToDeal: that looks both members up too
	}
	return out
}

func shown(r *core.Record, now time.Time) bool {
	return !r.GetBool("hidden") && !r.GetDateTime("visibleAt").Time().After(now)
}

// reviewWindow says whether the deal's reviews are open at now and, for a
// funded deal that is not completed, when they open.
func reviewWindow(app core.App, d *core.Record, now time.Time) (open bool, opensAt time.Time) {
	switch d.GetString("status") {
	case StatusCompleted:
		return true, time.Time{}
	case StatusFunded, StatusDelivered, StatusDisputed:
		if d.GetDateTime("fundedAt").IsZero() {
			return false, time.Time{}
		}
		listing, err := app.FindRecordById(d.GetString("listingKind"), d.GetString("listingId"))
		if err != nil || listing.GetDateTime("eventDate").IsZero() {
			return false, time.Time{}
		}
		opensAt = listing.GetDateTime("eventDate").Time().Add(ReviewAfterEvent)
		return !now.Before(opensAt), opensAt
	}
	return false, time.Time{}
}

// reviewsOf is the deal's reviews as member sees them.
func reviewsOf(app core.App, d *core.Record, member string) (*DealReviews, error) {
	now := time.Now()
	var rows []*core.Record
	if err := app.RecordQuery("reviews").AndWhere(dbx.HashExp{"deal": d.Id}).All(&rows); err != nil {
		return nil, err
	}
	out := &DealReviews{}
	for _, r := range rows {
		rv := toReview(app, r, d)
		rv.Hidden, rv.HiddenReason = false, ""
		switch {
		case r.GetString("author") == member:
			if r.GetBool("hidden") {
				rv.Body = "" // hidden by the administrators: the author was told why
			}
			out.Mine = &rv
		case shown(r, now):
			out.Theirs = &rv
		case !r.GetBool("hidden"):
			out.TheirsWritten = true
		}
	}
	open, opensAt := reviewWindow(app, d, now)
	out.Open = open && out.Mine == nil
	if !open && !opensAt.IsZero() {
		out.OpensAt = when.API(opensAt)
	}
	return out, nil
}

type reviewForm struct {
	// Rating is read as any JSON value, so that a fraction, a string or null
	// answers the rating's own message rather than "not valid JSON".
	Rating json.RawMessage `json:"rating"`
	Body   string          `json:"body"`
	rating int
}

func (f *reviewForm) validate() error {
	errs := validation.Errors{}
	var n float64
	if err := json.Unmarshal(f.Rating, &n); err != nil || n != math.Trunc(n) || n < 1 || n > 5 {
		errs["rating"] = apierr.Field("validation_invalid_rating", "Choose a rating from 1 to 5")
	} else {
		f.rating = int(n)
	}
	var bodyErrs validation.Errors
	if errors.As(apierr.Text("body", "Review", &f.Body, "Tell others how the deal went", MaxReviewText), &bodyErrs) {
		for k, v := range bodyErrs {
			errs[k] = v
		}
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}

var errReviewed = errors.New("deals: already reviewed")

// writeReview: a member of the deal reviews the other side, once. When the
// other side has written already, both reviews are shown from now on and
// counted into both ratings, in the same transaction; otherwise this one
// waits BlindFor.
func writeReview(e *core.RequestEvent) error {
	form := &reviewForm{}
	if err := apierr.Bind(e, form, form.validate); err != nil {
		return err
	}
	me := e.Auth
	d, err := e.App.FindRecordById("deals", e.Request.PathValue("id"))
	if err != nil || (d.GetString("sponsor") != me.Id && d.GetString("recipient") != me.Id) {
		return e.NotFoundError("Deal not found.", nil)
	}
	subject := other(d, me.Id)
	if subject == "" {
		return conflict(e, "The other side of this deal deleted their account: there is no one to review.")
	}
	now := time.Now().UTC()
	if open, opensAt := reviewWindow(e.App, d, now); !open {
		msg := "Reviews open when the deal is completed, or 30 days after the event of a funded deal."
		if !opensAt.IsZero() {
			msg = fmt.Sprintf("Reviews of this deal open on %s, 30 days after its event.", when.Date(opensAt))
		}
		return conflict(e, msg)
	}
	if _, err := e.App.FindFirstRecordByFilter("reviews", "deal = {:d} && author = {:a}", dbx.Params{"d": d.Id, "a": me.Id}); err == nil {
		return conflict(e, "You have already reviewed this deal.")
	}
	var (
		review  *core.Record
		pending *notify.Pending
	)
	err = e.App.RunInTransaction(func(tx core.App) error {
		c, err := tx.FindCachedCollectionByNameOrId("reviews")
		if err != nil {
			return err
		}
		// written first: the insert takes the write lock, so the read of the
		// other side's review below sees any that committed before
		review = core.NewRecord(c)
		review.Load(map[string]any{"deal": d.Id, "author": me.Id, "subject": subject, "rating": form.rating,
			"body": form.Body, "visibleAt": types.NowDateTime().Add(BlindFor)})
		if err := tx.Save(review); err != nil {
			if _, found := tx.FindFirstRecordByFilter("reviews", "deal = {:d} && author = {:a}", dbx.Params{"d": d.Id, "a": me.Id}); found == nil {
				return errReviewed
			}
			return err
		}
		theirs, err := tx.FindFirstRecordByFilter("reviews", "deal = {:d} && author = {:a}", dbx.Params{"d": d.Id, "a": subject})
		title := fmt.Sprintf("%s reviewed your deal %s: write yours to read theirs (it is shown in 14 days either way)", name(me), titleOf(d))
		switch {
		case errors.Is(err, sql.ErrNoRows):
		case err != nil:
			return err
		default:
			nowStamp := types.NowDateTime().String()
			if _, err := tx.DB().Update("reviews", dbx.Params{"visibleAt": nowStamp, "updated": nowStamp},
				dbx.And(dbx.HashExp{"deal": d.Id}, dbx.NewExp("visibleAt > {:now}", dbx.Params{"now": nowStamp}))).Execute(); err != nil {
				return err
			}
			for _, id := range []string{review.Id, theirs.Id} {
				if err := publish(tx, id); err != nil {
					return err
				}
			}
			if review, err = tx.FindRecordById("reviews", review.Id); err != nil {
				return err
			}
			title = fmt.Sprintf("%s reviewed your deal %s: both reviews are shown now", name(me), titleOf(d))
		}
		if err := record(tx, d.Id, me.Id, "reviewed", fmt.Sprintf("%s wrote a review.", name(me))); err != nil {
			return err
		}
		pending, err = notify.Create(tx, notify.Note{UserID: subject, Type: notify.TypeDeal, Title: title,
			Link: "/deals/" + d.Id, Subject: review.Id})
		return err
	})
	switch {
	case errors.Is(err, errReviewed):
		return conflict(e, "You have already reviewed this deal.")
	case err != nil:
		return apierr.Or500(e, err)
	}
	notify.Mail(e.App, pending)
	return e.JSON(http.StatusCreated, toReview(e.App, review, d))
}

// publish counts a shown review into its subject's rating, once: the
// conditional UPDATE on counted makes a second call (the job and a second
// review at once) change nothing.
func publish(tx core.App, id string) error {
	now := types.NowDateTime().String()
	res, err := tx.DB().NewQuery(`UPDATE reviews SET counted = 1 WHERE id = {:id} AND counted = 0 AND hidden = 0
		AND visibleAt <= {:now}`).Bind(dbx.Params{"id": id, "now": now}).Execute()
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return err
	}
	_, err = tx.DB().NewQuery(`UPDATE users SET ratingSum = ratingSum + (SELECT rating FROM reviews WHERE id = {:id}),
		ratingCount = ratingCount + 1 WHERE id = (SELECT subject FROM reviews WHERE id = {:id})`).
		Bind(dbx.Params{"id": id}).Execute()
	return err
}

// PublishDue counts the reviews whose blind time ran out (the cron job
// sbPublishReviews, every 10 minutes), a batch at a time.
func PublishDue(app core.App) error {
	var ids []string
	err := app.DB().NewQuery(`SELECT id FROM reviews WHERE counted = 0 AND hidden = 0 AND visibleAt <= {:now}
		ORDER BY visibleAt LIMIT 500`).Bind(dbx.Params{"now": types.NowDateTime().String()}).Column(&ids)
	if err != nil {
		return err
	}
	for _, id := range ids {
		if err := app.RunInTransaction(func(tx core.App) error { return publish(tx, id) }); err != nil {
			return err
		}
	}
	return nil
}

type replyForm struct {
	Body string `json:"body"`
}

func (f *replyForm) validate() error {
	return apierr.Text("body", "Reply", &f.Body, "Write your reply", MaxReviewText)
}

// replyToReview: the reviewed member answers a shown review, once.
func replyToReview(e *core.RequestEvent) error {
	form := &replyForm{}
	if err := apierr.Bind(e, form, form.validate); err != nil {
		return err
	}
	r, err := e.App.FindRecordById("reviews", e.Request.PathValue("id"))
	switch {
	case err != nil || r.GetBool("hidden") || (r.GetString("author") != e.Auth.Id && r.GetString("subject") != e.Auth.Id):
		return e.NotFoundError("Review not found.", nil)
	case r.GetString("subject") != e.Auth.Id:
		return e.ForbiddenError("Only the reviewed member can reply.", nil)
	case !shown(r, time.Now()):
		return conflict(e, "You can reply once the review is shown.")
	}
	var pending *notify.Pending
	err = e.App.RunInTransaction(func(tx core.App) error {
		nowStamp := types.NowDateTime().String()
		res, err := tx.DB().Update("reviews", dbx.Params{"reply": form.Body, "repliedAt": nowStamp, "updated": nowStamp},
			dbx.HashExp{"id": r.Id, "reply": "", "hidden": false}).Execute()
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n != 1 {
			return errReviewed
		}
		if r, err = tx.FindRecordById("reviews", r.Id); err != nil {
			return err
		}
		if author := r.GetString("author"); author != "" {
			pending, err = notify.Create(tx, notify.Note{UserID: author, Type: notify.TypeDeal,
				Title: fmt.Sprintf("%s replied to your review", name(e.Auth)), Body: notify.Clip(form.Body, 300),
				Link: "/deals/" + r.GetString("deal"), Subject: r.Id})
		}
		return err
	})
	switch {
	case errors.Is(err, errReviewed):
		return conflict(e, "You have already replied to this review.")
	case err != nil:
		return apierr.Or500(e, err)
	}
	notify.Mail(e.App, pending)
	d, _ := e.App.FindRecordById("deals", r.GetString("deal"))
	return e.JSON(http.StatusOK, toReview(e.App, r, d))
}

// memberReviews answers the shown reviews of a member, newest first;
// administrators also read the hidden ones (marked hidden, with the reason).
func memberReviews(e *core.RequestEvent) error {
	p, err := paging.FromRequest(e, perPage, 0)
	if err != nil {
		return err
	}
	subject, err := e.App.FindRecordById("users", e.Request.PathValue("id"))
	if err != nil {
		return e.NotFoundError("Member not found.", nil)
	}
	q := e.App.RecordQuery("reviews").AndWhere(dbx.HashExp{"subject": subject.Id}).
		AndWhere(dbx.NewExp("visibleAt <= {:now}", dbx.Params{"now": types.NowDateTime().String()}))
	admin := membership.IsAdmin(e.Auth)
	if !admin {
		q = q.AndWhere(dbx.HashExp{"hidden": false})
	}
	var rows []*core.Record
	if err := q.OrderBy("visibleAt DESC", "rowid DESC").Limit(perPage + 1).Offset(int64(p.Offset())).All(&rows); err != nil {
		return e.InternalServerError("", err)
	}
	rows, hasMore := paging.Trim(rows, perPage)
	out := make([]Review, 0, len(rows))
	for _, r := range rows {
		d, _ := e.App.FindRecordById("deals", r.GetString("deal"))
		out = append(out, toReview(e.App, r, d))
	}
	return paging.Answer(e, out, paging.Page{Params: p, HasMore: hasMore})
}

// ErrReviewNotFound: no such review, or it is hidden already.
var ErrReviewNotFound = errors.New("deals: no review to hide")

// HideReview hides an abusive review as an administrator decided, in the
// caller's transaction: taken out of its subject's rating when it was
// counted, and its author told why. It answers the review and the
// notification to mail once the transaction committed.
func HideReview(tx core.App, id, reason string) (*core.Record, *notify.Pending, error) {
	r, err := tx.FindRecordById("reviews", id)
	if err != nil {
		return nil, nil, ErrReviewNotFound
	}
	now := types.NowDateTime().String()
	res, err := tx.DB().Update("reviews", dbx.Params{"hidden": true, "hiddenReason": reason, "hiddenAt": now,
		"counted": false, "updated": now}, dbx.HashExp{"id": id, "hidden": false}).Execute()
	if err != nil {
		return nil, nil, err
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return nil, nil, ErrReviewNotFound
	}
	if r.GetBool("counted") {
		if _, err := tx.DB().NewQuery(`UPDATE users SET ratingSum = MAX(ratingSum - {:rating}, 0),
			ratingCount = MAX(ratingCount - 1, 0) WHERE id = {:subject}`).
			Bind(dbx.Params{"rating": r.GetInt("rating"), "subject": r.GetString("subject")}).Execute(); err != nil {
			return nil, nil, err
		}
	}
	if r, err = tx.FindRecordById("reviews", id); err != nil {
		return nil, nil, err
	}
	var pending *notify.Pending
	if author := r.GetString("author"); author != "" {
		pending, err = notify.Create(tx, notify.Note{UserID: author, Type: notify.TypeDeal,
			Title: "The administrators hid your review", Body: reason,
			Link: "/deals/" + r.GetString("deal"), Subject: r.Id})
	}
	return r, pending, err
}

// ToReviewForAdmin maps a review with its deal's listing, for the
// administrators' answer.
func ToReviewForAdmin(app core.App, r *core.Record) Review {
	d, _ := app.FindRecordById("deals", r.GetString("deal"))
	return toReview(app, r, d)
}

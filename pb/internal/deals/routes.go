package deals

import (
	"net/http"
	"reflect"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/limits"
	"sponsorbridge/pb/internal/listings"
	"sponsorbridge/pb/internal/membership"
	"sponsorbridge/pb/internal/paging"
	"sponsorbridge/pb/internal/route"
)

const (
	maxJSON = 32 << 10
	perPage = 20
)

// stepsPerMember is the per-member limit every deal step shares.
var stepsPerMember = []limits.Rule{{Bucket: "deal-steps", Max: 60, Window: time.Hour, Message: "You have taken many deal steps in a short time."}}

// Routes are the deals routes (docs/api/deals.md).
func Routes() []route.Route {
	step := func(path string, handler func(*core.RequestEvent) error, in reflect.Type) route.Route {
		return route.Route{Method: "POST", Path: "/api/deals/{id}" + path, Handler: handler, Auth: route.Member, Body: maxJSON,
			PerMember: stepsPerMember, In: in, Out: route.Of[Deal]()}
	}
	done := step("/deliverables/{item}/done", done, route.Of[ProofInput]())
	done.Upload = MaxPicture
	review := step("/review", writeReview, route.Of[ReviewInput]())
	review.Out = route.Of[Review]()
	return []route.Route{
		{Method: "GET", Path: "/api/deals", Handler: list, Auth: route.Member, Out: route.Of[[]Deal]()},
		{Method: "GET", Path: "/api/deals/{id}", Handler: read, Auth: route.Member, Out: route.Of[Deal]()},
		// a literal segment: the router prefers it to /api/deals/{id}
		{Method: "GET", Path: "/api/deals/overview", Handler: overview, Auth: route.Member, Out: route.Of[DealOverview]()},
		step("/deliverables", stepHandler(Propose), route.Of[ProposeInput]()),
		step("/agree", stepHandler(Agree), route.Of[AgreeInput]()),
		step("/funds-sent", stepHandler(FundsSent), nil),
		step("/funds-received", stepHandler(FundsReceived), nil),
		done,
		{Method: "GET", Path: "/api/deals/{id}/pictures/{picture}", Handler: picture, Auth: route.Member, Out: route.Of[route.File]()},
		step("/complete", stepHandler(Complete), nil),
		step("/cancel", stepHandler(Cancel), route.Of[ReasonInput]()),
		step("/dispute", stepHandler(Dispute), route.Of[ReasonInput]()),
		step("/dispute/answer", stepHandler(Answer), route.Of[ReasonInput]()),
		review,
		{Method: "POST", Path: "/api/deals/{id}/renew", Handler: renew, Auth: route.Member, Body: 4 << 10,
			PerMember: stepsPerMember, In: route.Of[RenewInput](), Out: route.Of[Deal]()},
		{Method: "POST", Path: "/api/deals/{id}/invite", Handler: invite, Auth: route.Member, Body: 4 << 10,
			PerMember: stepsPerMember, In: route.Of[InviteInput](), Out: route.Of[Invited]()},
		{Method: "POST", Path: "/api/reviews/{id}/reply", Handler: replyToReview, Auth: route.Member, Body: maxJSON,
			PerMember: stepsPerMember, In: route.Of[ReplyInput](), Out: route.Of[Review]()},
		{Method: "GET", Path: "/api/users/{id}/reviews", Handler: memberReviews, Auth: route.Member, Out: route.Of[[]Review]()},
		{Method: "POST", Path: listings.Requests.Path + "/{id}/updates", Handler: postUpdate, Auth: route.Member, Body: maxJSON, Upload: MaxPicture,
			PerIP:     listings.Requests.PostsPerIP(),
			PerMember: []limits.Rule{{Bucket: "updates", Max: 10, Window: 24 * time.Hour, Message: "You have posted many updates today."}},
			In:        route.Of[UpdateInput](), Out: route.Of[Update]()},
	}
}

// list answers the member's deals, the last changed first; ?status= keeps
// the deals in one state.
func list(e *core.RequestEvent) error {
	p, err := paging.FromRequest(e, perPage, 0)
	if err != nil {
		return err
	}
	q := e.App.RecordQuery("deals").AndWhere(dbx.Or(dbx.HashExp{"sponsor": e.Auth.Id}, dbx.HashExp{"recipient": e.Auth.Id}))
	if status := e.Request.URL.Query().Get("status"); status != "" {
		if !validStatus(status) {
			return e.BadRequestError("Status must be one of negotiating, agreed, funded, delivered, completed, cancelled, disputed.", nil)
		}
		q = q.AndWhere(dbx.HashExp{"status": status})
	}
	var rows []*core.Record
	if err := q.OrderBy("updated DESC", "rowid DESC").Limit(perPage + 1).Offset(int64(p.Offset())).All(&rows); err != nil {
		return e.InternalServerError("", err)
	}
	rows, hasMore := paging.Trim(rows, perPage)
	out, err := ToDeals(e.App, rows)
	if err != nil {
		return e.InternalServerError("", err)
	}
	return paging.Answer(e, out, paging.Page{Params: p, HasMore: hasMore})
}

// read answers one deal with its history: to its two members, and to an
// administrator once it is disputed.
func read(e *core.RequestEvent) error {
	d, err := e.App.FindRecordById("deals", e.Request.PathValue("id"))
	member := err == nil && (d.GetString("sponsor") == e.Auth.Id || d.GetString("recipient") == e.Auth.Id)
	admin := err == nil && d.GetString("status") == StatusDisputed && membership.IsAdmin(e.Auth)
	if !member && !admin {
		return e.NotFoundError("Deal not found.", nil)
	}
	out, err := withEvents(e.App, d)
	if err == nil && member {
		out.Reviews, err = reviewsOf(e.App, d, e.Auth.Id)
	}
	if err != nil {
		return e.InternalServerError("", err)
	}
	e.Response.Header().Set("Cache-Control", "no-store")
	return e.JSON(http.StatusOK, out)
}

func validStatus(s string) bool {
	for _, v := range Statuses {
		if v == s {
			return true
		}
	}
	return false
}

package admin

import (
	"net/http"
	"time"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"sponsorbridge/pb/catalog"
	"sponsorbridge/pb/internal/accounts"
	"sponsorbridge/pb/internal/when"
)

// Subscriptions is the summary of subscriptions and payments; the active
// subscriptions themselves are their own list (activeSubscriptions).
type Subscriptions struct {
	// Plans counts active subscriptions per plan, in the catalogue's order.
	Plans []PlanCount `json:"plans"`
	// Totals are over all members.
	Totals SubscriptionTotals `json:"totals"`
	// Payments summarises the payments collection, when it exists.
	Payments PaymentsSummary `json:"payments"`
}

// ActiveSubscription is one member's active plan.
type ActiveSubscription struct {
	Member   accounts.Person `json:"member"`
	Email    string          `json:"email"`
	Plan     string          `json:"plan"`
	PlanName string          `json:"planName"`
	Expiry   string          `json:"expiry"`
}

// PlanCount is the number of active subscriptions of one plan.
type PlanCount struct {
	Plan   string `json:"plan"`
	Name   string `json:"name"`
	Price  int    `json:"price"`
	Active int    `json:"active"`
}

// SubscriptionTotals count members by subscription state.
type SubscriptionTotals struct {
	Active int `json:"active"`
	// Lapsed: a subscription that was active but whose expiry has passed, or
	// that is marked expired or cancelled.
	Lapsed int `json:"lapsed"`
	// ActivePlanValue is the catalogue price of the active subscriptions, in
	// rupees: what they were worth at today's prices, not revenue.
	ActivePlanValue int `json:"activePlanValue"`
}

func activeSubscription(now time.Time) dbx.Expression {
	at, _ := types.ParseDateTime(now)
	return dbx.NewExp("subscriptionStatus = 'active' AND subscriptionExpiry > {:now}", dbx.Params{"now": at.String()})
}

// subscriptionsSummary answers the subscriptions' summary (Summarize).
func subscriptionsSummary(e *core.RequestEvent) error {
	out, err := Summarize(e.App, time.Now())
	if err != nil {
		return e.InternalServerError("", err)
	}
	e.Response.Header().Set("Cache-Control", "no-store")
	return e.JSON(http.StatusOK, out)
}

// Summarize counts the active subscriptions at now per plan, and the totals
// and, once the payments collection exists, a payments summary. Without it,
// everything comes from the members.
func Summarize(app core.App, now time.Time) (Subscriptions, error) {
	active := activeSubscription(now)
	out := Subscriptions{Plans: []PlanCount{}}

	var perPlan []struct {
		Plan string `db:"subscriptionPlan"`
		N    int    `db:"n"`
	}
	err := app.DB().Select("subscriptionPlan", "count(*) AS n").From("users").Where(active).
		GroupBy("subscriptionPlan").All(&perPlan)
	if err != nil {
		return out, err
	}
	for _, plan := range catalog.Plans {
		pc := PlanCount{Plan: plan.ID, Name: plan.Name, Price: plan.Price}
		for _, row := range perPlan {
			if row.Plan == plan.ID {
				pc.Active = row.N
			}
		}
		out.Plans = append(out.Plans, pc)
		out.Totals.ActivePlanValue += pc.Active * plan.Price
	}
	for _, row := range perPlan {
		out.Totals.Active += row.N
	}
	lapsed, err := app.CountRecords("users", dbx.And(
		dbx.NewExp("subscriptionStatus != ''"), dbx.Not(active)))
	if err != nil {
		return out, err
	}
	out.Totals.Lapsed = int(lapsed)
	out.Payments, err = paymentsSummary(app)
	return out, err
}

// activeSubscriptions answers the members whose plan is active now, with
// their plan and expiry, soonest expiry first.
func activeSubscriptions(e *core.RequestEvent) error {
	errs := validation.Errors{}
	p := readPaging(e, errs)
	if len(errs) > 0 {
		return e.BadRequestError("Invalid list parameters.", errs)
	}
	active := activeSubscription(time.Now())
	return answerCounted(e, p, "users", active, []string{"subscriptionExpiry ASC", "id"}, each(func(r *core.Record) ActiveSubscription {
		plan, _ := catalog.FindPlan(r.GetString("subscriptionPlan"))
		return ActiveSubscription{
			Member: accounts.Person{ID: r.Id, Username: r.GetString("username"), DisplayName: r.GetString("displayName"),
				IsVerified: r.GetBool("isVerified")},
			Email: r.Email(), Plan: r.GetString("subscriptionPlan"), PlanName: plan.Name,
			Expiry: when.APIStored(r.GetString("subscriptionExpiry")),
		}
	}))
}

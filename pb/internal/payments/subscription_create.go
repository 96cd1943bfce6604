package payments

import (
	"errors"
	"strconv"
	"strings"
	"time"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/catalog"
	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/membership"
	"sponsorbridge/pb/internal/refusal"
)

// CreateSubscriptionInput names the plan a member buys.
type CreateSubscriptionInput struct {
	PlanID string `json:"planId"`
}

// ErrOrderRefused is an order the provider refused or garbled (502, its
// message is the route's answer).
var ErrOrderRefused = refusal.New(refusal.Upstream, "The payment provider could not create the order. Please try again later.")

// CreateSubscription creates a provider order for member's chosen plan at
// the server's price and stores it as created; it answers the stored
// payment. Nothing is stored when the provider fails: unreachable is
// refused as unavailable, any other failure is ErrOrderRefused.
func CreateSubscription(app core.App, provider Provider, member *core.Record, in CreateSubscriptionInput, now time.Time) (*core.Record, error) {
	plan, err := in.validate()
	if err != nil {
		return nil, refusal.Invalidf("Please choose one of the plans.", err)
	}
	receipt := "sb_" + member.Id + "_" + strconv.FormatInt(now.Unix(), 36)
	order, err := provider.CreateOrder(OrderRequest{
		Amount: plan.Price * 100, Currency: plan.Currency, Receipt: receipt, // paise
		Notes: map[string]string{"userId": member.Id, "username": member.GetString("username"), "planId": plan.ID},
	})
	if err != nil {
		app.Logger().Error("Payments: order creation failed", "plan", plan.ID, "user", member.Id, "error", err)
		if pe := (*ProviderError)(nil); errors.As(err, &pe) && pe.Unreachable {
			return nil, refusal.New(refusal.Unavailable, "The payment provider could not be reached. Please try again in a few minutes.")
		}
		return nil, errors.Join(ErrOrderRefused, err)
	}

	collection, err := app.FindCachedCollectionByNameOrId("payments")
	if err != nil {
		return nil, err
	}
	record := core.NewRecord(collection)
	record.Set("orderId", order.ID)
	record.Set("user", member.Id)
	record.Set("plan", plan.ID)
	record.Set("amount", order.Amount)
	record.Set("currency", order.Currency)
	record.Set("status", StatusCreated)
	record.Set("provider", provider.Name())
	record.Set("receipt", receipt)
	err = app.RunInTransaction(func(tx core.App) error {
		if err := membership.Still(tx, membership.IDOf(member)); err != nil {
			return err
		}
		return tx.Save(record)
	})
	if err != nil {
		return nil, err
	}
	return record, nil
}

func (f *CreateSubscriptionInput) validate() (catalog.Plan, error) {
	id := strings.TrimSpace(f.PlanID)
	if id == "" {
		return catalog.Plan{}, validation.Errors{"planId": apierr.Field("validation_required", "Please choose a plan")}
	}
	plan, ok := catalog.FindPlan(id)
	if !ok {
		return catalog.Plan{}, validation.Errors{"planId": apierr.Field("validation_unknown_plan",
			"Unknown plan. Choose one of: "+strings.Join(catalog.PlanIDs(), ", "))}
	}
	return plan, nil
}

package payments

import (
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/catalog"
	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/membership"
)

// OrderAnswer is what Checkout is opened with (spec section 3's payment
// order response, plus sandbox and the name to prefill).
type OrderAnswer struct {
	KeyID       string `json:"keyId"`
	Amount      int    `json:"amount"`
	Currency    string `json:"currency"`
	PlanID      string `json:"planId"`
	PlanName    string `json:"planName"`
	OrderID     string `json:"orderId"`
	Username    string `json:"username"`
	DisplayName string `json:"displayName"`
	Email       string `json:"email"`
	Sandbox     bool   `json:"sandbox"`
}

// createSubscription creates a provider order for the chosen plan at the
// server's price and stores it as created. Nothing is stored when the
// provider fails.
func (h *handlers) createSubscription(e *core.RequestEvent) error {
	form := &createForm{}
	if err := apierr.ReadBody(e, form); err != nil {
		return err
	}
	plan, err := form.validate()
	if err != nil {
		return e.BadRequestError("Please choose one of the plans.", err)
	}
	member := e.Auth

	amount := plan.Price * 100 // paise
	receipt := "sb_" + member.Id + "_" + strconv.FormatInt(time.Now().Unix(), 36)
	order, err := h.provider.CreateOrder(OrderRequest{
		Amount: amount, Currency: plan.Currency, Receipt: receipt,
		Notes: map[string]string{"userId": member.Id, "username": member.GetString("username"), "planId": plan.ID},
	})
	if err != nil {
		e.App.Logger().Error("Payments: order creation failed", "plan", plan.ID, "user", member.Id, "error", err)
		if pe := (*ProviderError)(nil); errors.As(err, &pe) && pe.Unreachable {
			return e.Error(http.StatusServiceUnavailable,
				"The payment provider could not be reached. Please try again in a few minutes.", nil)
		}
		return e.Error(http.StatusBadGateway, "The payment provider could not create the order. Please try again later.", nil)
	}

	collection, err := e.App.FindCachedCollectionByNameOrId("payments")
	if err != nil {
		return e.InternalServerError("", err)
	}
	record := core.NewRecord(collection)
	record.Set("orderId", order.ID)
	record.Set("user", member.Id)
	record.Set("plan", plan.ID)
	record.Set("amount", order.Amount)
	record.Set("currency", order.Currency)
	record.Set("status", StatusCreated)
	record.Set("provider", h.provider.Name())
	record.Set("receipt", receipt)
	err = e.App.RunInTransaction(func(tx core.App) error {
		if err := membership.Present(e, tx); err != nil {
			return err
		}
		return tx.Save(record)
	})
	if err != nil {
		return apierr.Or500(e, err)
	}

	return e.JSON(http.StatusOK, OrderAnswer{
		KeyID: h.provider.KeyID(), Amount: order.Amount, Currency: order.Currency,
		PlanID: plan.ID, PlanName: plan.Name, OrderID: order.ID,
		Username: member.GetString("username"), DisplayName: member.GetString("displayName"),
		Email: member.Email(), Sandbox: h.provider.Name() == ProviderSandbox,
	})
}

// ---------------------------------------------------------------------------

type createForm struct {
	PlanID string `json:"planId"`
}

func (f *createForm) validate() (catalog.Plan, error) {
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

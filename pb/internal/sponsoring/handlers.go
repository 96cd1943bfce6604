package sponsoring

import (
	"net/http"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apierr"
)

// The handlers of the writes: decode the body, call the action, answer its
// record in the route's declared type. A refusal the action returns becomes
// its answer in route.Refused.

// pledge answers POST /api/sponsorship-requests/{id}/sponsor (Pledge).
func pledge(e *core.RequestEvent) error {
	var body PledgeBody
	if err := apierr.ReadOptionalBody(e, &body); err != nil {
		return err
	}
	c, err := Pledge(e.App, e.Auth, e.Request.PathValue("id"), body)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusCreated, ToCommitment(e.App, c))
}

// withdraw answers POST /api/commitments/{id}/withdraw (Withdraw).
func withdraw(e *core.RequestEvent) error {
	var body WithdrawBody
	if err := apierr.ReadBody(e, &body); err != nil {
		return err
	}
	c, err := Withdraw(e.App, e.Auth, e.Request.PathValue("id"), body)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, ToCommitment(e.App, c))
}

// apply answers POST /api/sponsorships/{id}/apply (Apply).
func apply(e *core.RequestEvent) error {
	var body ApplyBody
	if err := apierr.ReadOptionalBody(e, &body); err != nil {
		return err
	}
	a, err := Apply(e.App, e.Auth, e.Request.PathValue("id"), body)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusCreated, ToApplication(e.App, a))
}

// withdrawApplication answers POST /api/applications/{id}/withdraw
// (WithdrawApplication).
func withdrawApplication(e *core.RequestEvent) error {
	a, err := WithdrawApplication(e.App, e.Auth, e.Request.PathValue("id"))
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, ToApplication(e.App, a))
}

// decide answers POST /api/applications/{id}/accept or /decline (Decide).
func decide(status string) func(*core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		a, err := Decide(e.App, e.Auth, e.Request.PathValue("id"), status)
		if err != nil {
			return err
		}
		return e.JSON(http.StatusOK, ToApplication(e.App, a))
	}
}

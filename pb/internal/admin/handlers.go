package admin

import (
	"net/http"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/accounts"
	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/deals"
	"sponsorbridge/pb/internal/listings"
)

// The write routes' handlers: each reads its body and path, calls its action
// and answers what the action stored, as its route's Out.

func (h *handlers) reportListing(kind listings.Kind) func(e *core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		var in ReportInput
		if err := apierr.ReadBody(e, &in); err != nil {
			return err
		}
		r, err := Report(e.App, e.Auth, kind, e.Request.PathValue("id"), in)
		if err != nil {
			return err
		}
		return e.JSON(http.StatusCreated, toReportAnswer(kind, r))
	}
}

func contactCreate(e *core.RequestEvent) error {
	var in ContactInput
	if err := apierr.ReadBody(e, &in); err != nil {
		return err
	}
	r, err := Contact(e.App, accounts.Member(e), in)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusCreated, ContactAnswer{ID: r.Id, Message: msgContactThanks})
}

func (h *handlers) approveListing(e *core.RequestEvent) error {
	kind, err := Approve(e.App, e.Auth, e.Request.PathValue("kind"), e.Request.PathValue("id"))
	return h.answerListing(e, kind, err)
}

func (h *handlers) rejectListing(e *core.RequestEvent) error {
	var in RejectInput
	if err := apierr.ReadBody(e, &in); err != nil {
		return err
	}
	kind, err := Reject(e.App, e.Auth, e.Request.PathValue("kind"), e.Request.PathValue("id"), in)
	return h.answerListing(e, kind, err)
}

// answerListing answers the reviewed listing as its store reads it.
func (h *handlers) answerListing(e *core.RequestEvent, kind listings.Kind, err error) error {
	if err != nil {
		return err
	}
	row, err := h.store.Find(kind, e.Request.PathValue("id"))
	if err != nil {
		return e.InternalServerError("", err)
	}
	l, err := h.store.ToListing(kind, row, listings.Viewer{ID: e.Auth.Id, IsAdmin: true})
	if err != nil {
		return e.InternalServerError("", err)
	}
	return e.JSON(http.StatusOK, l)
}

func memberVerify(verify bool) func(e *core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		return answerMember(e)(VerifyMember(e.App, e.Auth, e.Request.PathValue("id"), verify))
	}
}

func socialVerify(verify bool) func(e *core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		var in SocialLinkInput
		if err := apierr.ReadBody(e, &in); err != nil {
			return err
		}
		return answerMember(e)(VerifySocial(e.App, e.Auth, e.Request.PathValue("id"), in, verify, time.Now()))
	}
}

func answerMember(e *core.RequestEvent) func(*core.Record, error) error {
	return func(member *core.Record, err error) error {
		if err != nil {
			return err
		}
		return e.JSON(http.StatusOK, toMember(member, time.Now()))
	}
}

func contactResolve(e *core.RequestEvent) error {
	msg, err := ResolveContact(e.App, e.Auth, e.Request.PathValue("id"))
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, toContactMessage(msg))
}

func disputeResolve(e *core.RequestEvent) error {
	var in ResolveInput
	if err := apierr.ReadBody(e, &in); err != nil {
		return err
	}
	deal, err := ResolveDispute(e.App, e.Auth, e.Request.PathValue("id"), in)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, deals.ToDeal(e.App, deal))
}

func reviewHide(e *core.RequestEvent) error {
	var in HideInput
	if err := apierr.ReadBody(e, &in); err != nil {
		return err
	}
	review, err := HideReview(e.App, e.Auth, e.Request.PathValue("id"), in)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, deals.ToReviewForAdmin(e.App, review))
}

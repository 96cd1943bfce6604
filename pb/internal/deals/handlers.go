package deals

// The write routes' handlers: each reads its body, calls its action and
// answers what the action returned (route.Refused answers a refusal).

import (
	"net/http"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/limits"
)

// stepHandler is the route of step s: its JSON body (none for NoInput),
// then Take on the deal of the route's {id}, answered with its history and
// the member's view of its reviews.
func stepHandler[In any](s Step[In]) func(*core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		var in In
		if _, none := any(in).(NoInput); !none {
			if err := apierr.ReadBody(e, &in); err != nil {
				return err
			}
		}
		d, err := Take(e.App, e.Request.PathValue("id"), e.Auth, s, in)
		if err != nil {
			return err
		}
		return answerDeal(e, d)
	}
}

// answerDeal answers a deal as its member reads it after a step.
func answerDeal(e *core.RequestEvent, d *core.Record) error {
	out, err := withEvents(e.App, d)
	if err == nil {
		out.Reviews, err = reviewsOf(e.App, d, e.Auth.Id)
	}
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, out)
}

// done is the Done step's route: JSON, or multipart form data with a
// picture, read only once CheckDone let the step through.
func done(e *core.RequestEvent) error {
	id, in := e.Request.PathValue("id"), DoneInput{Item: e.Request.PathValue("item")}
	if limits.IsMultipart(e) {
		if err := CheckDone(e.App, id, e.Auth, in.Item); err != nil {
			return err
		}
	}
	pic, err := readForm(e, &in.ProofInput, map[string]*string{"proofText": &in.ProofText, "proofLink": &in.ProofLink})
	if err != nil {
		return err
	}
	defer pic.close()
	in.Picture = pic
	d, err := Take(e.App, id, e.Auth, Done, in)
	if err != nil {
		return err
	}
	return answerDeal(e, d)
}

func writeReview(e *core.RequestEvent) error {
	var in ReviewInput
	if err := apierr.ReadBody(e, &in); err != nil {
		return err
	}
	r, d, err := WriteReview(e.App, e.Request.PathValue("id"), e.Auth, in)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusCreated, toReview(e.App, r, d))
}

func replyToReview(e *core.RequestEvent) error {
	var in ReplyInput
	if err := apierr.ReadBody(e, &in); err != nil {
		return err
	}
	r, d, err := ReplyToReview(e.App, e.Request.PathValue("id"), e.Auth, in)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, toReview(e.App, r, d))
}

// postUpdate is PostUpdate's route: JSON, or multipart form data with a
// picture, read only once CheckUpdate let the update through.
func postUpdate(e *core.RequestEvent) error {
	id, in := e.Request.PathValue("id"), UpdateInput{}
	if limits.IsMultipart(e) {
		if err := CheckUpdate(e.App, id, e.Auth); err != nil {
			return err
		}
	}
	pic, err := readForm(e, &in, map[string]*string{"body": &in.Body})
	if err != nil {
		return err
	}
	defer pic.close()
	in.Picture = pic
	u, err := PostUpdate(e.App, id, e.Auth, in)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusCreated, toUpdate(e.App, u))
}

func renew(e *core.RequestEvent) error {
	var in RenewInput
	if err := apierr.ReadBody(e, &in); err != nil {
		return err
	}
	d, err := Renew(e.App, e.Request.PathValue("id"), e.Auth, in)
	if err != nil {
		return err
	}
	out, err := withEvents(e.App, d)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusCreated, out)
}

func invite(e *core.RequestEvent) error {
	var in InviteInput
	if err := apierr.ReadBody(e, &in); err != nil {
		return err
	}
	if err := Invite(e.App, e.Request.PathValue("id"), e.Auth, in); err != nil {
		return err
	}
	return e.JSON(http.StatusOK, Invited{Invited: true})
}

func overview(e *core.RequestEvent) error {
	out, err := MemberOverview(e.App, e.Auth.Id, time.Now())
	if err != nil {
		return err
	}
	e.Response.Header().Set("Cache-Control", "no-store")
	return e.JSON(http.StatusOK, out)
}

package reports

// The routes' handlers: each reads its body, calls its action and answers
// what it returned (route.Refused answers a refusal).

import (
	"net/http"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apierr"
)

func read(e *core.RequestEvent) error {
	r, err := Read(e.App, e.Request.PathValue("id"), e.Auth)
	if err != nil {
		return err
	}
	return answerReport(e, r)
}

func save(e *core.RequestEvent) error {
	var in ImpactReportInput
	if err := apierr.ReadBody(e, &in); err != nil {
		return err
	}
	d, row, err := Save(e.App, e.Request.PathValue("id"), e.Auth, in)
	if err != nil {
		return err
	}
	return answerRow(e, d, row)
}

func publish(e *core.RequestEvent) error {
	d, row, err := Publish(e.App, e.Request.PathValue("id"), e.Auth)
	if err != nil {
		return err
	}
	return answerRow(e, d, row)
}

func share(e *core.RequestEvent) error {
	link, err := Share(e.App, e.Request.PathValue("id"), e.Auth)
	if err != nil {
		return err
	}
	e.Response.Header().Set("Cache-Control", "no-store")
	return e.JSON(http.StatusOK, link)
}

func revoke(e *core.RequestEvent) error {
	if err := Revoke(e.App, e.Request.PathValue("id"), e.Auth); err != nil {
		return err
	}
	return e.NoContent(http.StatusNoContent)
}

func readShared(e *core.RequestEvent) error {
	r, err := ReadShared(e.App, e.Request.PathValue("token"))
	if err != nil {
		return err
	}
	e.Response.Header().Set("X-Robots-Tag", "noindex")
	return answerReport(e, r)
}

// answerRow answers the report of d after a write that left its row so.
func answerRow(e *core.RequestEvent, d, row *core.Record) error {
	r, err := build(e.App, d, row, reader{sponsor: d.GetString("sponsor") == e.Auth.Id})
	if err != nil {
		return err
	}
	return answerReport(e, r)
}

// answerReport answers a report; a revoked link must stop at once, so no
// cache keeps one.
func answerReport(e *core.RequestEvent, r ImpactReport) error {
	e.Response.Header().Set("Cache-Control", "no-store")
	return e.JSON(http.StatusOK, r)
}

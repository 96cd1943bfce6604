package reports

// The pictures and evidence files of a shared report, to whoever holds
// its live link.

import (
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/deals"
	"sponsorbridge/pb/internal/evidence"
)

// sharedPicture answers a proof picture of the shared report's deal.
func sharedPicture(e *core.RequestEvent) error {
	_, d, err := SharedRow(e.App, e.Request.PathValue("token"))
	if err != nil {
		return err
	}
	p, err := e.App.FindRecordById("deal_pictures", e.Request.PathValue("picture"))
	if err != nil || p.GetString("deal") != d.Id {
		return e.NotFoundError("Picture not found.", nil)
	}
	// revoking the link must stop it: the browser asks again each time
	return deals.ServeFile(e, p, "file", "private, no-cache")
}

// sharedEvidence answers an evidence file the shared report names (a
// figure's or a receipt), as GET /api/evidence/{id} answers it.
func sharedEvidence(e *core.RequestEvent) error {
	row, d, err := SharedRow(e.App, e.Request.PathValue("token"))
	if err != nil {
		return err
	}
	id := e.Request.PathValue("evidence")
	if !names(row, id) {
		return e.NotFoundError("File not found.", nil)
	}
	files, err := evidence.OfDeal(e.App, d.Id, id)
	if err != nil {
		return err
	}
	f, ok := files[id]
	if !ok {
		return e.NotFoundError("File not found.", nil)
	}
	return evidence.Serve(e, f)
}

// names: the report's figures or spending name evidence file id.
func names(row *core.Record, id string) bool {
	if id == "" {
		return false
	}
	for _, f := range figuresOf(row) {
		if f.Evidence == id {
			return true
		}
	}
	for _, s := range spendingOf(row) {
		if s.Receipt == id {
			return true
		}
	}
	return false
}

// sharedAvatar answers the avatar of the shared report's sponsor or
// recipient ({side}), whose own address would name their id.
func sharedAvatar(e *core.RequestEvent) error {
	_, d, err := SharedRow(e.App, e.Request.PathValue("token"))
	if err != nil {
		return err
	}
	side := e.Request.PathValue("side")
	if side != "sponsor" && side != "recipient" {
		return e.NotFoundError("Picture not found.", nil)
	}
	u, err := e.App.FindRecordById("users", d.GetString(side))
	if err != nil || u.GetString("avatar") == "" {
		return e.NotFoundError("Picture not found.", nil)
	}
	return deals.ServeFile(e, u, "avatar", "private, no-cache")
}

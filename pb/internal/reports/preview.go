package reports

import (
	"fmt"
	"strings"

	"sponsorbridge/pb/internal/deals"

	"github.com/pocketbase/pocketbase/core"
)

// Preview is the link preview of a shared report's page, /r/{token}: what
// a chat app shows to whoever the sponsor sent the link (the listing's
// title and the deliverables' count and on-time share, nothing else).
type Preview struct {
	Path, Title, Description string
}

// PreviewOf is the preview of the shared report of token while its link is
// live (false for a revoked, replaced or unknown one: the generic preview).
func PreviewOf(app core.App, token string) (Preview, bool) {
	_, d, err := SharedRow(app, token)
	if err != nil {
		return Preview{}, false
	}
	var list []deals.Deliverable
	_ = d.UnmarshalJSONField("deliverables", &list)
	items, share := deliverablesOf(list)
	noun := "deliverables"
	if len(items) == 1 {
		noun = "deliverable"
	}
	description := fmt.Sprintf("What the sponsorship delivered: %d %s", len(items), noun)
	if share != nil {
		description += fmt.Sprintf(", %d%% on time", *share)
	}
	title := strings.Join(strings.Fields(d.GetString("title")), " ")
	return Preview{Path: "/r/" + token, Title: "Impact report: " + title + " — SponsorBridge", Description: description + "."}, true
}

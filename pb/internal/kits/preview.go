package kits

import (
	"fmt"
	"strings"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/evidence"
	"sponsorbridge/pb/internal/money"
)

// Preview is the link preview of a published kit's page, /kits/{username}:
// what a chat app shows to whoever holds the link (docs/security.md, "Link
// previews"): the member's name, their audience and how many past sponsors
// the kit lists, nothing else.
type Preview struct {
	Path, Title, Description string
}

// provenanceWords are how a preview names a figure's provenance.
var provenanceWords = map[string]string{evidence.Self: "self-reported", evidence.Evidenced: "evidenced", evidence.Measured: "measured"}

// PreviewOf is the preview of the member's kit when it is published (false
// otherwise, and for an unknown member: the generic preview, the same
// either way).
func PreviewOf(app core.App, username string) (Preview, bool) {
	if username == "" || len(username) > 100 {
		return Preview{}, false
	}
	owner, _, err := Find(app, "", username)
	if err != nil {
		return Preview{}, false
	}
	var sponsors int
	if err := app.DB().NewQuery("SELECT COUNT(*) FROM (" + pastSponsorsSQL + ")").
		Bind(dbx.Params{"member": owner.Id}).Row(&sponsors); err != nil {
		return Preview{}, false
	}
	name := strings.Join(strings.Fields(owner.GetString("displayName")), " ")
	if name == "" {
		name = owner.GetString("username")
	}
	var parts []string
	if n := owner.GetInt("audience"); n > 0 {
		provenance := evidence.ProvenanceOf(owner.GetString("audienceProvenance"))
		parts = append(parts, fmt.Sprintf("Audience %s (%s)", money.Thousands(int64(n)), provenanceWords[provenance]))
	}
	noun := "past sponsors"
	if sponsors == 1 {
		noun = "past sponsor"
	}
	parts = append(parts, fmt.Sprintf("%d %s", sponsors, noun))
	return Preview{Path: "/kits/" + owner.GetString("username"), Title: name + "'s media kit — SponsorBridge",
		Description: strings.Join(parts, " · ")}, true
}

package admin

import (
	"fmt"
	"strings"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/refusal"
	"sponsorbridge/pb/internal/when"
)

// SocialLinkInput names a link by its value. Platforms are stored lower case
// and usernames compared without regard to case, as the settings route
// refuses two links that differ only in case.
type SocialLinkInput struct {
	Platform string `json:"platform"`
	Username string `json:"username"`
}

// VerifySocial marks one of member id's social links verified (verify),
// with the date, or withdraws it, logged. The link is named by its value
// (platform and username, as the administrator saw it), never by its
// position: a member may reorder or change their links after the
// administrator opened the page, and a position would then point to another
// link. A link that no longer exists is not found. Entries are kept as
// stored, unknown keys included; only verified and verificationDate change.
// It answers the member as saved.
func VerifySocial(app core.App, admin *core.Record, id string, in SocialLinkInput, verify bool, now time.Time) (*core.Record, error) {
	var member *core.Record
	err := app.RunInTransaction(func(tx core.App) error {
		r, err := tx.FindRecordById("users", id)
		if err != nil {
			return refusal.NotFoundf("Member not found.")
		}
		var links []map[string]any
		if err := r.UnmarshalJSONField("socialMedia", &links); err != nil {
			return refusal.NotFoundf("Social link not found.")
		}
		link := in.find(links)
		if link == nil {
			return refusal.NotFoundf("Social link not found.")
		}
		link["verified"] = verify
		link["verificationDate"] = ""
		if verify {
			link["verificationDate"] = when.API(now)
		}
		r.Set("socialMedia", links)
		if err := tx.Save(r); err != nil {
			return err
		}
		member = r
		action := actionVerifySocial
		if !verify {
			action = actionUnverifySocial
		}
		details := fmt.Sprintf("%s: %v on %v", r.GetString("username"), link["username"], link["platform"])
		return logAction(tx, admin, action, "users", r.Id, details)
	})
	return member, err
}

func (f *SocialLinkInput) find(links []map[string]any) map[string]any {
	platform, username := strings.ToLower(strings.TrimSpace(f.Platform)), strings.TrimSpace(f.Username)
	if platform == "" || username == "" {
		return nil
	}
	for _, link := range links {
		p, _ := link["platform"].(string)
		u, _ := link["username"].(string)
		if link != nil && strings.EqualFold(p, platform) && strings.EqualFold(u, username) {
			return link
		}
	}
	return nil
}

package admin

import (
	"fmt"
	"net/http"
	"strings"
	"time"

	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/when"

	"github.com/pocketbase/pocketbase/core"
)

// socialVerify marks one of a member's social links verified, with the date,
// or withdraws it. The link is named by its value (platform and username, as
// the administrator saw it), never by its position: a member may reorder or
// change their links after the administrator opened the page, and a position
// would then point to another link. A link that no longer exists answers
// 404. Entries are kept as stored, unknown keys included; only verified and
// verificationDate change.
func socialVerify(verify bool) func(e *core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		form := &socialLinkForm{}
		if err := apierr.ReadBody(e, form); err != nil {
			return err
		}
		var member *core.Record
		err := e.App.RunInTransaction(func(tx core.App) error {
			r, err := tx.FindRecordById("users", e.Request.PathValue("id"))
			if err != nil {
				return e.NotFoundError("Member not found.", nil)
			}
			var links []map[string]any
			if err := r.UnmarshalJSONField("socialMedia", &links); err != nil {
				return e.NotFoundError("Social link not found.", nil)
			}
			link := form.find(links)
			if link == nil {
				return e.NotFoundError("Social link not found.", nil)
			}
			link["verified"] = verify
			link["verificationDate"] = ""
			if verify {
				link["verificationDate"] = when.API(time.Now())
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
			return logAction(tx, e.Auth, action, "users", r.Id, details)
		})
		if err != nil {
			return err
		}
		return e.JSON(http.StatusOK, toMember(member, time.Now()))
	}
}

// ----------------------------------------------------------------

// socialLinkForm names a link by its value. Platforms are stored lower case
// and usernames compared without regard to case, as the settings route
// refuses two links that differ only in case.
type socialLinkForm struct {
	Platform string `json:"platform"`
	Username string `json:"username"`
}

func (f *socialLinkForm) find(links []map[string]any) map[string]any {
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

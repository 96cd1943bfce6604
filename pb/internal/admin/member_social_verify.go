package admin

import (
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/accounts"
)

// socialVerify marks one of a member's social links (by its position in
// socialMedia) verified, with the date, or withdraws it. Entries are kept as
// stored, unknown keys included; only verified and verificationDate change.
func socialVerify(verify bool) func(e *core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		index, err := strconv.Atoi(e.Request.PathValue("index"))
		if err != nil || index < 0 {
			return e.NotFoundError("Social link not found.", nil)
		}
		var member *core.Record
		err = e.App.RunInTransaction(func(tx core.App) error {
			r, err := tx.FindRecordById("users", e.Request.PathValue("id"))
			if err != nil {
				return e.NotFoundError("Member not found.", nil)
			}
			var links []map[string]any
			if err := r.UnmarshalJSONField("socialMedia", &links); err != nil || index >= len(links) {
				return e.NotFoundError("Social link not found.", nil)
			}
			link := links[index]
			if link == nil {
				return e.NotFoundError("Social link not found.", nil)
			}
			link["verified"] = verify
			link["verificationDate"] = ""
			if verify {
				link["verificationDate"] = accounts.FormatTime(time.Now())
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
			details := fmt.Sprintf("%s: %v on %v (link %d)", r.GetString("username"), link["username"], link["platform"], index)
			return logAction(tx, e.Auth, action, "users", r.Id, details)
		})
		if err != nil {
			return err
		}
		return e.JSON(http.StatusOK, toMember(member, time.Now()))
	}
}

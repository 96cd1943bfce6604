package admin

import (
	"net/http"
	"time"

	"github.com/pocketbase/pocketbase/core"
)

// memberVerify grants or withdraws the verified badge (isVerified), the
// trust mark an administrator gives after checking a member.
func memberVerify(verify bool) func(e *core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		var member *core.Record
		err := e.App.RunInTransaction(func(tx core.App) error {
			r, err := tx.FindRecordById("users", e.Request.PathValue("id"))
			if err != nil {
				return e.NotFoundError("Member not found.", nil)
			}
			r.Set("isVerified", verify)
			if err := tx.Save(r); err != nil {
				return err
			}
			member = r
			action := actionVerifyMember
			if !verify {
				action = actionUnverifyMember
			}
			return logAction(tx, e.Auth, action, "users", r.Id, r.GetString("username"))
		})
		if err != nil {
			return err
		}
		return e.JSON(http.StatusOK, toMember(member, time.Now()))
	}
}

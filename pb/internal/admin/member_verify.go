package admin

import (
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/refusal"
)

// VerifyMember grants (verify) or withdraws the verified badge
// (isVerified), the trust mark an administrator gives after checking a
// member, logged. It answers the member as saved.
func VerifyMember(app core.App, admin *core.Record, id string, verify bool) (*core.Record, error) {
	var member *core.Record
	err := app.RunInTransaction(func(tx core.App) error {
		r, err := tx.FindRecordById("users", id)
		if err != nil {
			return refusal.NotFoundf("Member not found.")
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
		return logAction(tx, admin, action, "users", r.Id, r.GetString("username"))
	})
	return member, err
}

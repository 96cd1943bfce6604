package admin

import (
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"sponsorbridge/pb/internal/refusal"
)

// ResolveContact marks contact message id handled by admin (who and when),
// logged. It answers the message as stored.
func ResolveContact(app core.App, admin *core.Record, id string) (*core.Record, error) {
	var msg *core.Record
	err := app.RunInTransaction(func(tx core.App) error {
		r, err := tx.FindRecordById("contact_messages", id)
		if err != nil {
			return refusal.NotFoundf("Message not found.")
		}
		if r.GetBool("resolved") {
			return refusal.Invalidf("This message is already resolved.", nil)
		}
		r.Set("resolved", true)
		r.Set("resolvedBy", admin.Id)
		r.Set("resolvedAt", types.NowDateTime())
		if err := tx.Save(r); err != nil {
			return err
		}
		msg = r
		return logAction(tx, admin, actionResolveContact, "contact_messages", r.Id, r.GetString("subject"))
	})
	return msg, err
}

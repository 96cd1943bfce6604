package admin

import (
	"net/http"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"
)

// contactResolve marks a contact message handled (who and when).
func contactResolve(e *core.RequestEvent) error {
	var msg *core.Record
	err := e.App.RunInTransaction(func(tx core.App) error {
		r, err := tx.FindRecordById("contact_messages", e.Request.PathValue("id"))
		if err != nil {
			return e.NotFoundError("Message not found.", nil)
		}
		if r.GetBool("resolved") {
			return e.BadRequestError("This message is already resolved.", nil)
		}
		r.Set("resolved", true)
		r.Set("resolvedBy", e.Auth.Id)
		r.Set("resolvedAt", types.NowDateTime())
		if err := tx.Save(r); err != nil {
			return err
		}
		msg = r
		return logAction(tx, e.Auth, actionResolveContact, "contact_messages", r.Id, r.GetString("subject"))
	})
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, toContactMessage(msg))
}

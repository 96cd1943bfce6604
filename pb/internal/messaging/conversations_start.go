package messaging

import (
	"net/http"
	"strings"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/membership"
)

// startConversation opens (or finds) the conversation with another member.
func startConversation(e *core.RequestEvent) error {
	form := &startForm{}
	if err := apierr.ReadBody(e, form); err != nil {
		return err
	}
	if err := form.validate(e.Auth.Id); err != nil {
		return e.BadRequestError("Please check the highlighted fields.", err)
	}
	// both members are read in the transaction that opens the conversation,
	// so neither can delete their account between the check and the insert
	var conv *core.Record
	var created bool
	err := e.App.RunInTransaction(func(tx core.App) error {
		if err := membership.Present(e, tx); err != nil {
			return err
		}
		if _, err := tx.FindRecordById("users", form.UserID); err != nil {
			return e.NotFoundError("Member not found.", nil)
		}
		var err error
		conv, created, err = Open(tx, e.Auth.Id, form.UserID)
		return err
	})
	if err != nil {
		return apierr.Or500(e, err)
	}
	status := http.StatusOK
	if created {
		status = http.StatusCreated
	}
	return e.JSON(status, ToConversation(e.App, conv, e.Auth.Id))
}

// ----------------------------------------------------------------

type startForm struct {
	UserID string `json:"userId"`
}

func (f *startForm) validate(self string) error {
	f.UserID = strings.TrimSpace(f.UserID)
	switch {
	case f.UserID == "":
		return validation.Errors{"userId": apierr.Field("validation_required", "Choose a member to message")}
	case f.UserID == self:
		return validation.Errors{"userId": apierr.Field("validation_self", "You cannot message yourself")}
	case len(f.UserID) > 32:
		return validation.Errors{"userId": apierr.Field("validation_invalid", "Unknown member")}
	}
	return nil
}

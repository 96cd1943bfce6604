package messaging

import (
	"net/http"
	"strings"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apierr"
)

// startConversation opens (or finds) the conversation with another member.
func startConversation(e *core.RequestEvent) error {
	form := &startForm{}
	if err := e.BindBody(form); err != nil {
		return e.BadRequestError("The request body is not valid JSON.", nil)
	}
	if err := form.validate(e.Auth.Id); err != nil {
		return e.BadRequestError("Please check the highlighted fields.", err)
	}
	if _, err := e.App.FindRecordById("users", form.UserID); err != nil {
		return e.NotFoundError("Member not found.", nil)
	}
	conv, created, err := Open(e.App, e.Auth.Id, form.UserID)
	if err != nil {
		return e.InternalServerError("", err)
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

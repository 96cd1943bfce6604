package admin

import (
	"strings"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/when"
)

// ContactMessage is a stored contact-form message.
type ContactMessage struct {
	ID         string `json:"id"`
	Name       string `json:"name"`
	Email      string `json:"email"`
	Subject    string `json:"subject"`
	Message    string `json:"message"`
	MemberID   string `json:"memberId"`
	Resolved   bool   `json:"resolved"`
	ResolvedBy string `json:"resolvedBy"`
	ResolvedAt string `json:"resolvedAt"`
	CreatedAt  string `json:"createdAt"`
}

func toContactMessage(r *core.Record) ContactMessage {
	return ContactMessage{
		ID: r.Id, Name: r.GetString("name"), Email: r.GetString("email"), Subject: r.GetString("subject"),
		Message: r.GetString("message"), MemberID: r.GetString("member"), Resolved: r.GetBool("resolved"),
		ResolvedBy: r.GetString("resolvedBy"), ResolvedAt: when.APIStored(r.GetString("resolvedAt")),
		CreatedAt: when.APIStored(r.GetString("created")),
	}
}

// contactList answers contact messages, newest first; status=open (the
// default), resolved or all.
func contactList(e *core.RequestEvent) error {
	errs := validation.Errors{}
	p := readPaging(e, errs)
	var where dbx.Expression
	switch strings.TrimSpace(e.Request.URL.Query().Get("status")) {
	case "", "open":
		where = dbx.HashExp{"resolved": false}
	case "resolved":
		where = dbx.HashExp{"resolved": true}
	case "all":
		where = dbx.NewExp("1 = 1")
	default:
		errs["status"] = apierr.Field("validation_invalid_status", "Status must be open, resolved or all")
	}
	if len(errs) > 0 {
		return e.BadRequestError("Invalid list parameters.", errs)
	}
	return answerCounted(e, p, "contact_messages", where, []string{"created DESC", "id DESC"}, each(toContactMessage))
}

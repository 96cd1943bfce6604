package admin

import (
	"net/http"
	"strconv"
	"strings"
	"unicode/utf8"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/ozzo-validation/v4/is"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/accounts"
	"sponsorbridge/pb/internal/apierr"
)

// contactCreate stores a message from the public contact form for the
// administrators. Anyone may write; a signed-in member is remembered as the
// sender. The route is rate limited per client (its PerIP in the route table).
func contactCreate(e *core.RequestEvent) error {
	form := &contactForm{}
	if err := apierr.Bind(e, form, form.validate); err != nil {
		return err
	}
	c, err := e.App.FindCachedCollectionByNameOrId("contact_messages")
	if err != nil {
		return e.InternalServerError("", err)
	}
	r := core.NewRecord(c)
	r.Set("name", form.Name)
	r.Set("email", form.Email)
	r.Set("subject", form.Subject)
	r.Set("message", form.Message)
	err = e.App.RunInTransaction(func(tx core.App) error {
		// a member who deleted their account meanwhile is not linked (the
		// deletion would have unlinked them); the message itself still counts
		if m := accounts.Member(e); m != nil {
			if _, err := tx.FindRecordById("users", m.Id); err == nil {
				r.Set("member", m.Id)
			}
		}
		return tx.Save(r)
	})
	if err != nil {
		return e.BadRequestError("Could not store the message.", err)
	}
	return e.JSON(http.StatusCreated, ContactAnswer{ID: r.Id, Message: "Thank you! Your message has been received. We will reply by e-mail."})
}

// ContactAnswer thanks the sender of a contact message.
type ContactAnswer struct {
	ID      string `json:"id"`
	Message string `json:"message"`
}

// ----------------------------------------------------------------

type contactForm struct {
	Name    string `json:"name"`
	Email   string `json:"email"`
	Subject string `json:"subject"`
	Message string `json:"message"`
}

// The limits of the contact form's fields, in characters.
const (
	MaxContactName    = 100
	MaxContactSubject = 200
	MaxContactMessage = 5000
)

func (f *contactForm) validate() error {
	f.Name = strings.TrimSpace(f.Name)
	f.Email = strings.TrimSpace(f.Email)
	f.Subject = strings.TrimSpace(f.Subject)
	f.Message = strings.TrimSpace(f.Message)
	errs := validation.Errors{}

	switch {
	case f.Name == "":
		errs["name"] = apierr.Field("validation_required", "Name is required")
	case utf8.RuneCountInString(f.Name) > MaxContactName:
		errs["name"] = apierr.Field("validation_too_long", "Name must be at most "+strconv.Itoa(MaxContactName)+" characters")
	}
	switch {
	case f.Email == "":
		errs["email"] = apierr.Field("validation_required", "Email is required")
	case len(f.Email) > 254 || is.EmailFormat.Validate(f.Email) != nil:
		errs["email"] = apierr.Field("validation_invalid_email", "Please enter a valid email address")
	}
	if utf8.RuneCountInString(f.Subject) > MaxContactSubject {
		errs["subject"] = apierr.Field("validation_too_long", "Subject must be at most "+strconv.Itoa(MaxContactSubject)+" characters")
	}
	switch {
	case f.Message == "":
		errs["message"] = apierr.Field("validation_required", "Message is required")
	case utf8.RuneCountInString(f.Message) > MaxContactMessage:
		errs["message"] = apierr.Field("validation_too_long", "Message must be at most "+strconv.Itoa(MaxContactMessage)+" characters")
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}

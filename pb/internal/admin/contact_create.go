package admin

import (
	"strconv"
	"strings"
	"unicode/utf8"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/ozzo-validation/v4/is"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/refusal"
)

// ContactInput is a message from the public contact form.
type ContactInput struct {
	Name    string `json:"name"`
	Email   string `json:"email"`
	Subject string `json:"subject"`
	Message string `json:"message"`
}

// msgContactThanks is what the sender of a stored contact message reads.
const msgContactThanks = "Thank you! Your message has been received. We will reply by e-mail."

// Contact stores a message from the public contact form for the
// administrators. Anyone may write; a signed-in member (sender, nil for a
// visitor) is remembered as the sender. It answers the stored message.
func Contact(app core.App, sender *core.Record, in ContactInput) (*core.Record, error) {
	if err := refusal.Fields(in.validate()); err != nil {
		return nil, err
	}
	c, err := app.FindCachedCollectionByNameOrId("contact_messages")
	if err != nil {
		return nil, err
	}
	r := core.NewRecord(c)
	r.Set("name", in.Name)
	r.Set("email", in.Email)
	r.Set("subject", in.Subject)
	r.Set("message", in.Message)
	err = app.RunInTransaction(func(tx core.App) error {
		// a member who deleted their account meanwhile is not linked (the
		// deletion would have unlinked them); the message itself still counts
		if sender != nil {
			if _, err := tx.FindRecordById("users", sender.Id); err == nil {
				r.Set("member", sender.Id)
			}
		}
		return tx.Save(r)
	})
	if err != nil {
		return nil, refusal.Invalidf("Could not store the message.", err)
	}
	return r, nil
}

// The limits of the contact form's fields, in characters.
const (
	MaxContactName    = 100
	MaxContactSubject = 200
	MaxContactMessage = 5000
)

func (f *ContactInput) validate() error {
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

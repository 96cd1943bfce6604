package sponsoring

import (
	"strconv"
	"strings"
	"unicode/utf8"

	validation "github.com/pocketbase/ozzo-validation/v4"

	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/refusal"
)

// MaxMessage bounds the note of an application or a commitment, in characters.
const MaxMessage = 2000

// MessageBody is the optional body of an application: a note to the poster.
type MessageBody struct {
	Message string `json:"message"`
}

// fieldErrors checks the note (trimming it) and adds what is wrong to errs.
func (b *MessageBody) fieldErrors(errs validation.Errors) {
	b.Message = strings.TrimSpace(b.Message)
	switch {
	case utf8.RuneCountInString(b.Message) > MaxMessage:
		errs["message"] = apierr.Field("validation_too_long", "Message must be at most "+strconv.Itoa(MaxMessage)+" characters")
	case !utf8.ValidString(b.Message):
		errs["message"] = apierr.Field("validation_invalid", "Message contains invalid characters")
	}
}

// invalid is the refusal of an input with field errors, nil when there are none.
func invalid(errs validation.Errors) error {
	if len(errs) == 0 {
		return nil
	}
	return refusal.Invalidf(refusal.CheckFields, errs)
}

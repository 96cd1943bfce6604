// Package apierr builds field validation errors whose messages reach the
// client exactly as written (the spec's texts), in PocketBase's error shape.
package apierr

import (
	"strconv"
	"strings"
	"unicode/utf8"

	validation "github.com/pocketbase/ozzo-validation/v4"

	"github.com/pocketbase/pocketbase/core"
)

// FieldError is one field's validation error.
type FieldError struct {
	code    string
	message string
}

// Field makes a field error with a machine code and the user-visible text.
func Field(code, message string) FieldError { return FieldError{code: code, message: message} }

// Code implements PocketBase's SafeErrorItem.
func (e FieldError) Code() string { return e.code }

// Error implements error.
func (e FieldError) Error() string { return e.message }

// Resolve keeps the message as written (PocketBase would append a period).
func (e FieldError) Resolve(data map[string]any) any {
	data["message"] = e.message
	return data
}

// ReadBody reads a JSON body into form, answering the one 400 for a body
// that is not JSON of the right shape. Actions validate what it read
// (refusal.Fields).
func ReadBody(e *core.RequestEvent, form any) error {
	if err := e.BindBody(form); err != nil {
		return e.BadRequestError("The request body is not valid JSON.", nil)
	}
	return nil
}

// ReadOptionalBody is ReadBody for a body that may be absent altogether.
func ReadOptionalBody(e *core.RequestEvent, form any) error {
	if e.Request.ContentLength == 0 {
		return nil
	}
	return ReadBody(e, form)
}

// Or500 answers err unchanged when it is already an answer for the client
// (a route's 4xx returned from inside a transaction, or a domain action's
// refusal), and as a 500 otherwise.
func Or500(e *core.RequestEvent, err error) error { return Failed(e, err, "") }

// Reason trims a required reason (a withdrawal, a rejection, a report, a
// cancel, a dispute) and checks it as the "reason" field.
func Reason(reason *string, requiredMsg string, max int) error {
	return Text("reason", "Reason", reason, requiredMsg, max)
}

// Text trims a required text field and checks it: requiredMsg when it is
// empty, "<noun> must be at most N characters" past max characters.
func Text(field, noun string, value *string, requiredMsg string, max int) error {
	*value = strings.TrimSpace(*value)
	switch {
	case *value == "":
		return validation.Errors{field: Field("validation_required", requiredMsg)}
	case utf8.RuneCountInString(*value) > max:
		return validation.Errors{field: Field("validation_too_long", noun+" must be at most "+strconv.Itoa(max)+" characters")}
	case !utf8.ValidString(*value):
		return validation.Errors{field: Field("validation_invalid", noun+" contains invalid characters")}
	}
	return nil
}

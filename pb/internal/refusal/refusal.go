// Package refusal is how a domain action says no: a kind (not found, not
// allowed, in the wrong state, ...) and the member's words, with no HTTP in
// it. The route layer (pb/internal/route) maps each kind to its status, so
// an action answers the same refusal from a handler, a job or a test.
package refusal

import (
	"errors"
	"time"
)

// Kind is why an action was refused.
type Kind uint8

const (
	// Invalid: the input is wrong (400); Fields, when set, says which.
	Invalid Kind = iota + 1
	// NotSignedIn: the action needs a member (401).
	NotSignedIn
	// PaymentRequired: the action needs a paid plan (402).
	PaymentRequired
	// Forbidden: the member may not take this action (403).
	Forbidden
	// NotFound: what the action names does not exist for this member (404).
	NotFound
	// Conflict: the thing is not in a state the action may start from (409).
	Conflict
	// Gone: the thing existed and is over (410).
	Gone
	// TooLarge: the input is bigger than the action takes (413).
	TooLarge
	// TooMany: the member or address has done this too often (429);
	// RetryAfter says when they may again.
	TooMany
	// Unavailable: a service the action needs is not set up or is down (503).
	Unavailable
	// Upstream: a service the action called answered with a refusal or
	// nonsense (502).
	Upstream
	// Unprocessable: the input is well formed but a rule of the thing it
	// names turns it away (422: an offer's eligibility rules); Fields
	// holds one entry per rule, keyed by its code.
	Unprocessable
)

// Refusal is an action's typed "no": its Kind, the Message the member
// reads (the spec's words), and for Invalid the per-field errors
// (validation.Errors or apierr field errors).
type Refusal struct {
	Kind       Kind
	Message    string
	Fields     error
	RetryAfter time.Duration
}

// Error implements error: the member's message.
func (r *Refusal) Error() string { return r.Message }

// Is makes errors.Is(err, refusal.New(k, "")) true for any refusal of kind k.
func (r *Refusal) Is(target error) bool {
	t, ok := target.(*Refusal)
	return ok && t.Kind == r.Kind && (t.Message == "" || t.Message == r.Message)
}

// New is a refusal of kind k with the member's message.
func New(k Kind, message string) *Refusal { return &Refusal{Kind: k, Message: message} }

// NotFoundf and its siblings are New with their kind.
func NotFoundf(message string) *Refusal  { return New(NotFound, message) }
func Conflictf(message string) *Refusal  { return New(Conflict, message) }
func Forbiddenf(message string) *Refusal { return New(Forbidden, message) }

// Invalidf is an Invalid refusal: message for the whole input, fields for
// each field (nil when the message says it all).
func Invalidf(message string, fields error) *Refusal {
	return &Refusal{Kind: Invalid, Message: message, Fields: fields}
}

// As finds the refusal in err's chain.
func As(err error) (*Refusal, bool) {
	var r *Refusal
	ok := errors.As(err, &r)
	return r, ok
}

// CheckFields is the top message of every input refused field by field.
const CheckFields = "Please check the highlighted fields."

// Fields is an Invalid refusal of input whose fields did not pass (fields:
// the field errors) with the one top message; nil when fields is nil.
func Fields(fields error) error {
	if fields == nil {
		return nil
	}
	return Invalidf(CheckFields, fields)
}

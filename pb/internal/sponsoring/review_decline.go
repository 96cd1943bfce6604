package sponsoring

import (
	"net/http"
	"strconv"
	"strings"
	"unicode/utf8"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apierr"
)

// MaxDeclineNote bounds the note a poster adds to a decline, in characters.
const MaxDeclineNote = 500

// DeclineReasons are the reasons a poster may give for a decline, by key,
// in the words the applicant reads (docs/api/eligibility.md, "Declining
// with a reason").
var DeclineReasons = map[string]string{
	"not_a_fit": "Not a fit for this sponsorship's goals",
	"budget":    "The budget is already committed",
	"dates":     "The dates do not work for this sponsor",
	"audience":  "The audience is smaller than this sponsor needs",
	"location":  "Outside the places this sponsor supports",
	"other":     "Another reason",
}

// DeclineBody is the optional body of a decline: a reason (a key of
// DeclineReasons) and a note, each may be left out; a note needs a reason.
type DeclineBody struct {
	Reason string `json:"reason,omitzero"`
	Note   string `json:"note,omitzero"`
}

// validate trims the note and checks the body, as field errors.
func (b *DeclineBody) validate() error {
	errs := validation.Errors{}
	b.Reason = strings.TrimSpace(b.Reason)
	b.Note = strings.TrimSpace(b.Note)
	if _, known := DeclineReasons[b.Reason]; !known && (b.Reason != "" || b.Note != "") {
		errs["reason"] = apierr.Field("validation_invalid_value", "Choose a reason from the list")
	}
	switch {
	case utf8.RuneCountInString(b.Note) > MaxDeclineNote:
		errs["note"] = apierr.Field("validation_too_long", "Note must be at most "+strconv.Itoa(MaxDeclineNote)+" characters")
	case !utf8.ValidString(b.Note):
		errs["note"] = apierr.Field("validation_invalid", "Note contains invalid characters")
	}
	return invalid(errs)
}

// decline answers POST /api/applications/{id}/decline (Decline; the body
// may be left out).
func decline(e *core.RequestEvent) error {
	var body DeclineBody
	if err := apierr.ReadOptionalBody(e, &body); err != nil {
		return err
	}
	a, err := Decline(e.App, e.Auth, e.Request.PathValue("id"), body)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, ToApplication(e.App, a))
}

// declineWords ends the sentence that tells the applicant of a decision:
// ": <reason>. <note>" for a decline with a reason, "." otherwise.
func declineWords(application *core.Record) string {
	reason := DeclineReasons[application.GetString("declineReason")]
	if application.GetString("status") != StatusDeclined || reason == "" {
		return "."
	}
	out := ": " + reason + "."
	if note := application.GetString("declineNote"); note != "" {
		out += " " + note
	}
	return out
}

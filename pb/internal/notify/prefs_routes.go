package notify

import (
	"encoding/json"
	"html"
	"net/http"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apierr"
)

// getPrefs answers the member's e-mail switches.
func getPrefs(e *core.RequestEvent) error {
	return e.JSON(http.StatusOK, PrefsOf(e.Auth))
}

// updatePrefs switches topics on or off: {"matches": false, ...}.
func updatePrefs(e *core.RequestEvent) error {
	body := map[string]json.RawMessage{}
	if err := apierr.ReadBody(e, &body); err != nil {
		return err
	}
	changes := map[string]bool{}
	errs := validation.Errors{}
	for topic, raw := range body {
		if _, known := topicNames[topic]; !known {
			errs[topic] = apierr.Field("validation_unknown_topic", "Unknown e-mail topic")
			continue
		}
		var on bool
		if err := json.Unmarshal(raw, &on); err != nil {
			errs[topic] = apierr.Field("validation_invalid_bool", "Must be true or false")
			continue
		}
		changes[topic] = on
	}
	if len(errs) > 0 {
		return e.BadRequestError("Please check the highlighted fields.", errs)
	}
	prefs, err := setPrefs(e.App, e.Auth.Id, changes)
	if err != nil {
		return e.UnauthorizedError("You are not signed in.", nil)
	}
	return e.JSON(http.StatusOK, prefs)
}

// setPrefs changes some switches of a member in one transaction: the
// member is read and written inside it, so a stale copy never puts back
// what another request changed.
func setPrefs(app core.App, userID string, changes map[string]bool) (Prefs, error) {
	var prefs Prefs
	err := app.RunInTransaction(func(tx core.App) error {
		member, err := tx.FindRecordById("users", userID)
		if err != nil {
			return err
		}
		prefs = PrefsOf(member)
		for t, on := range changes {
			prefs[t] = on
		}
		member.Set("emailPrefs", prefs)
		return tx.Save(member)
	})
	return prefs, err
}

// unsubscribe serves the link in every notification e-mail. GET shows a
// confirmation button (mail scanners follow links; they must not
// unsubscribe anyone); POST, from that button or from a mail client's
// one-click (RFC 8058), switches the topic off. The signature in the link
// stands for the member: no session is needed.
func unsubscribe(e *core.RequestEvent) error {
	q := e.Request.URL.Query()
	userID, topic, sig := q.Get("u"), q.Get("t"), q.Get("s")
	name, known := topicNames[topic]
	if !known || userID == "" || !validUnsubscribe(e.App, userID, topic, sig) {
		return e.HTML(http.StatusBadRequest, page("This unsubscribe link is not valid",
			"It may have been cut short."))
	}
	if e.Request.Method == http.MethodGet {
		return e.HTML(http.StatusOK, page("Unsubscribe from e-mails about "+name+"?",
			`<form method="post"><button type="submit" class="btn">Unsubscribe</button></form>`))
	}
	if _, err := setPrefs(e.App, userID, map[string]bool{topic: false}); err != nil {
		return e.HTML(http.StatusOK, page("You are unsubscribed", "This account no longer exists."))
	}
	return e.HTML(http.StatusOK, page("You are unsubscribed",
		"We will no longer e-mail you about "+html.EscapeString(name)+". You can switch it back on in Settings."))
}

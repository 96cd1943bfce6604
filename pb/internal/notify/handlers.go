package notify

import (
	"html"
	"net/http"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apierr"
)

// The routes' handlers: each decodes its body, calls its action and
// answers.

// markRead is POST /api/notifications/read (MarkRead).
func markRead(e *core.RequestEvent) error {
	in := ReadRequest{}
	if err := apierr.ReadOptionalBody(e, &in); err != nil {
		return err
	}
	answer, err := MarkRead(e.App, e.Auth.Id, in)
	if err != nil {
		return apierr.Or500(e, err)
	}
	return e.JSON(http.StatusOK, answer)
}

// getPrefs answers the member's e-mail switches.
func getPrefs(e *core.RequestEvent) error {
	return e.JSON(http.StatusOK, PrefsOf(e.Auth))
}

// updatePrefs is PATCH /api/user/email-preferences (UpdatePrefs).
func updatePrefs(e *core.RequestEvent) error {
	in := PrefsChange{}
	if err := apierr.ReadBody(e, &in); err != nil {
		return err
	}
	prefs, err := UpdatePrefs(e.App, e.Auth.Id, in)
	if err != nil {
		return apierr.Or500(e, err)
	}
	return e.JSON(http.StatusOK, prefs)
}

// unsubscribe serves the link in every notification e-mail. GET shows a
// confirmation button (mail scanners follow links; they must not
// unsubscribe anyone); POST, from that button or from a mail client's
// one-click (RFC 8058), switches the topic off (Unsubscribe). The
// signature in the link stands for the member: no session is needed.
func unsubscribe(e *core.RequestEvent) error {
	q := e.Request.URL.Query()
	link := UnsubscribeLink{UserID: q.Get("u"), Topic: q.Get("t"), Sig: q.Get("s")}
	if e.Request.Method == http.MethodGet {
		name, err := CheckUnsubscribe(e.App, link)
		if err != nil {
			return badLinkPage(e)
		}
		return e.HTML(http.StatusOK, page("Unsubscribe from e-mails about "+name+"?",
			`<form method="post"><button type="submit" class="btn">Unsubscribe</button></form>`))
	}
	done, err := Unsubscribe(e.App, link)
	switch {
	case err != nil:
		return badLinkPage(e)
	case done.Gone:
		return e.HTML(http.StatusOK, page("You are unsubscribed", "This account no longer exists."))
	}
	return e.HTML(http.StatusOK, page("You are unsubscribed",
		"We will no longer e-mail you about "+html.EscapeString(done.TopicName)+". You can switch it back on in Settings."))
}

func badLinkPage(e *core.RequestEvent) error {
	return e.HTML(http.StatusBadRequest, page(msgBadLink, "It may have been cut short."))
}

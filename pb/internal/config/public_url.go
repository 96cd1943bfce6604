package config

import (
	"strings"

	"github.com/pocketbase/pocketbase/core"
)

// PublicURL is the app's public address without a trailing slash: the start
// of every absolute link the server writes (mails, link previews). It is
// APP_URL as applied to the app's settings at start. Every such link takes
// the address from here, so where it comes from can change in one place.
func PublicURL(app core.App) string {
	return strings.TrimRight(app.Settings().Meta.AppURL, "/")
}

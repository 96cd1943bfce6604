package notify

import (
	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/membership"
)

// BindRoutes registers the notification routes (signed-in members only).
func BindRoutes(se *core.ServeEvent) {
	g := se.Router.Group("/api/notifications")
	g.Bind(membership.RequireMember())
	g.GET("", list)
	g.POST("/read", markRead).Bind(apis.BodyLimit(16 << 10))

	prefs := se.Router.Group("/api/user/email-preferences")
	prefs.Bind(membership.RequireMember())
	prefs.GET("", getPrefs)
	prefs.PATCH("", updatePrefs).Bind(apis.BodyLimit(4 << 10))

	se.Router.GET("/api/email/unsubscribe", unsubscribe)
	se.Router.POST("/api/email/unsubscribe", unsubscribe).Bind(apis.BodyLimit(4 << 10))
}

// UnreadCount counts the member's unread notifications.
func UnreadCount(app core.App, userID string) (int, error) {
	var n int
	err := app.DB().Select("count(*)").From(Collection).
		Where(dbxUnread(userID)).Row(&n)
	return n, err
}

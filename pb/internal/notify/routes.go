package notify

import (
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/route"
)

// Routes are the notification and e-mail choice routes, and the
// unsubscribe link's (which needs no session: the link's token is enough).
func Routes() []route.Route {
	return []route.Route{
		{Method: "GET", Path: "/api/notifications", Handler: list, Auth: route.Member, Out: route.Of[[]Notification]()},
		{Method: "POST", Path: "/api/notifications/read", Handler: markRead, Auth: route.Member, Body: 16 << 10,
			In: route.Of[ReadRequest](), Out: route.Of[ReadAnswer]()},
		{Method: "GET", Path: "/api/user/email-preferences", Handler: getPrefs, Auth: route.Member, Out: route.Of[Prefs]()},
		{Method: "PATCH", Path: "/api/user/email-preferences", Handler: updatePrefs, Auth: route.Member, Body: 4 << 10,
			In: route.Of[Prefs](), Out: route.Of[Prefs]()},
		{Method: "GET", Path: "/api/email/unsubscribe", Handler: unsubscribe, Out: route.Of[route.Page]()},
		{Method: "POST", Path: "/api/email/unsubscribe", Handler: unsubscribe, Body: 4 << 10, Out: route.Of[route.Page]()},
	}
}

// UnreadCount counts the member's unread notifications.
func UnreadCount(app core.App, userID string) (int, error) {
	var n int
	err := app.DB().Select("count(*)").From(Collection).
		Where(dbxUnread(userID)).Row(&n)
	return n, err
}

// Package accounts serves registration, sign-in, sign-out, the current
// member and public profiles (spec section 7).
package accounts

import (
	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/membership"
)

// maxBody bounds the JSON these routes accept.
const maxBody = 16 << 10

// BindRoutes registers the account routes; mailCode mails the code of an
// address given at registration.
func BindRoutes(se *core.ServeEvent, mailCode MailAddressCode) {
	decoyHash(passwordCost(se.App)) // now, not on the first unknown name's sign-in
	se.Router.POST("/api/login", login).Bind(apis.BodyLimit(maxBody))
	se.Router.POST("/api/register", register(mailCode)).Bind(apis.BodyLimit(maxBody))
	se.Router.POST("/api/logout", logout)
	se.Router.POST("/api/logout/everywhere", logoutEverywhere)
	se.Router.GET("/api/user", currentUser)
	se.Router.GET("/api/session", sessionState)
	se.Router.GET("/api/users/{id}", viewProfile).Bind(membership.RequireMember())
}

// Member returns the signed-in member (a users record) or nil.
func Member(e *core.RequestEvent) *core.Record {
	if e.Auth == nil || e.Auth.Collection().Name != "users" {
		return nil
	}
	return e.Auth
}

// Package accounts serves registration, sign-in, sign-out, the current
// member and public profiles (spec section 7).
package accounts

import (
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/route"
)

// maxBody bounds the JSON these routes accept.
const maxBody = 16 << 10

// Routes are the account routes; mailCode mails the code of an address
// given at registration.
func Routes(mailCode MailAddressCode) []route.Route {
	return []route.Route{
		{Method: "POST", Path: "/api/login", Handler: login, Body: maxBody, In: route.Of[LoginRequest](),
			PerIP: &route.IPLimit{Label: "POST /api/login", Max: 10, Seconds: 60}, Out: route.Of[OwnUser]()},
		{Method: "POST", Path: "/api/register", Handler: register(mailCode), Body: maxBody, In: route.Of[RegisterRequest](),
			PerIP: &route.IPLimit{Label: "POST /api/register", Max: 5, Seconds: 60}, Out: route.Of[OwnUser]()},
		{Method: "POST", Path: "/api/logout", Handler: logout, Out: route.Of[route.NoContent]()},
		{Method: "POST", Path: "/api/logout/everywhere", Handler: logoutEverywhere,
			PerIP: &route.IPLimit{Label: "POST /api/logout/everywhere", Max: 5, Seconds: 60}, Out: route.Of[route.NoContent]()},
		{Method: "GET", Path: "/api/user", Handler: currentUser, Out: route.Of[OwnUser]()},
		{Method: "GET", Path: "/api/session", Handler: sessionState, Out: route.Of[SessionAnswer]()},
		{Method: "GET", Path: "/api/users/{id}", Handler: viewProfile, Auth: route.Member, Out: route.Of[MemberProfile]()},
	}
}

// WarmUp computes the decoy password hash now, not on the first unknown
// name's sign-in.
func WarmUp(app core.App) { DecoyHash(app) }

// Member returns the signed-in member (a users record) or nil.
func Member(e *core.RequestEvent) *core.Record {
	if e.Auth == nil || e.Auth.Collection().Name != "users" {
		return nil
	}
	return e.Auth
}

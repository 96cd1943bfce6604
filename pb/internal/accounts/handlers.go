package accounts

import (
	"net/http"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/limits"
	"sponsorbridge/pb/internal/session"
)

// The write routes' handlers: each decodes its body, calls its action and
// answers. The session cookie and the known-device cookie are theirs.

// login is POST /api/login (Login): the member gets a session, and this
// browser is known to the account from now on.
func login(e *core.RequestEvent) error {
	in := LoginRequest{}
	if err := apierr.ReadBody(e, &in); err != nil {
		return err
	}
	var gate *limits.SignInGate
	member, err := Login(e.App, in, func(username, memberID string) error {
		gate = limits.SignIn(e, username, memberID)
		return gate.Begin()
	})
	if err != nil {
		return apierr.Or500(e, err)
	}
	if err := session.Start(e, member); err != nil {
		return err
	}
	gate.Succeeded(member.Id)
	return answerOwn(e, http.StatusOK, member)
}

// register is POST /api/register (Register): the new member is signed in.
func register(mailCode MailAddressCode) func(e *core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		in := RegisterRequest{}
		if err := apierr.ReadBody(e, &in); err != nil {
			return err
		}
		member, err := Register(e.App, in, mailCode)
		if err != nil {
			return apierr.Or500(e, err)
		}
		if err := session.Start(e, member); err != nil {
			return err
		}
		return answerOwn(e, http.StatusCreated, member)
	}
}

// logoutEverywhere is POST /api/logout/everywhere (SignOutEverywhere);
// this browser's cookie is cleared.
func logoutEverywhere(e *core.RequestEvent) error {
	member := Member(e)
	if member == nil {
		return e.UnauthorizedError("You are not signed in.", nil)
	}
	if err := SignOutEverywhere(e.App, member.Id); err != nil {
		return e.InternalServerError("Could not sign out everywhere.", err)
	}
	session.End(e)
	return e.NoContent(http.StatusNoContent)
}

func answerOwn(e *core.RequestEvent, status int, member *core.Record) error {
	own, err := ToOwn(e.App, member)
	if err != nil {
		return e.InternalServerError("", err)
	}
	return e.JSON(status, own)
}

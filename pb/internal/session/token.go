package session

import (
	"github.com/golang-jwt/jwt/v5"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/security"
)

// claimSession names the session a token belongs to. A sign-in starts a
// session; the sliding renewal of GET /api/user issues new tokens for the
// same session, so revoking the session (sign out) ends every token it
// ever issued, copies included. PocketBase's loaders ignore the claim.
const claimSession = "sid"

// newToken is PocketBase's auth token (same claims, key and duration)
// with the session id added.
func newToken(member *core.Record, sid string) (string, error) {
	c := member.Collection()
	claims := jwt.MapClaims{
		core.TokenClaimType:         core.TokenTypeAuth,
		core.TokenClaimId:           member.Id,
		core.TokenClaimCollectionId: c.Id,
		core.TokenClaimRefreshable:  true,
		claimSession:                sid,
	}
	return security.NewJWT(claims, member.TokenKey()+c.AuthToken.Secret, c.AuthToken.DurationTime())
}

// sessionOf reads the session id of a token without checking its signature:
// enough to refuse a revoked session (a forged token is refused later anyway).
func sessionOf(token string) string {
	if token == "" {
		return ""
	}
	claims, err := security.ParseUnverifiedJWT(bearer(token))
	if err != nil {
		return ""
	}
	sid, _ := claims[claimSession].(string)
	return sid
}

func newSessionID() string { return security.RandomString(20) }

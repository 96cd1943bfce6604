package accounts

import (
	"net/http"

	"github.com/pocketbase/pocketbase/core"
)

// MemberProfile is GET /api/users/{id}'s answer: the public profile, and
// whether the member's media kit is published (its page /kits/{username};
// docs/api/proof-of-value.md), so a profile links it without asking for a
// kit that is not there.
type MemberProfile struct {
	PublicUser
	MediaKit bool `json:"mediaKit"`
}

// viewProfile answers another member's public profile.
func viewProfile(e *core.RequestEvent) error {
	member, err := e.App.FindRecordById("users", e.Request.PathValue("id"))
	if err != nil {
		return e.NotFoundError("Member not found.", nil)
	}
	var published bool // one kit a member (its unique owner index)
	if err := e.App.DB().NewQuery("SELECT EXISTS (SELECT 1 FROM media_kits WHERE owner = {:id} AND published = 1)").
		Bind(map[string]any{"id": member.Id}).Row(&published); err != nil {
		return err
	}
	return e.JSON(http.StatusOK, MemberProfile{PublicUser: ToPublic(member), MediaKit: published})
}

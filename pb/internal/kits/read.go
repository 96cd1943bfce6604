package kits

import (
	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/evidence"
	"sponsorbridge/pb/internal/refusal"
)

// Public is the kit of the member with username, for viewerID ("" a
// visitor): a published kit to anyone, the owner's own always. An unknown
// member, an unpublished kit and no kit are one answer, found by one query,
// so that the answer tells nobody who is a member.
func Public(app core.App, viewerID, username string) (Kit, error) {
	owner, kit, err := Find(app, viewerID, username)
	if err != nil {
		return Kit{}, err
	}
	return answer(app, owner, kit)
}

// Find is the member's kit record and its owner as Public finds them
// (404 Media kit not found. otherwise): the link preview's source too.
func Find(app core.App, viewerID, username string) (owner, kit *core.Record, err error) {
	var rows []*core.Record
	err = app.RecordQuery(evidence.KitCollection).
		InnerJoin("users u", dbx.NewExp("u.id = [[media_kits.owner]]")).
		AndWhere(dbx.NewExp("u.username = {:u} COLLATE NOCASE AND ([[media_kits.published]] = 1 OR u.id = {:me})",
			dbx.Params{"u": username, "me": viewerID})).Limit(1).All(&rows)
	if err != nil {
		return nil, nil, err
	}
	if len(rows) == 0 {
		return nil, nil, refusal.NotFoundf(msgNotFound)
	}
	kit = rows[0]
	owner, err = app.FindRecordById("users", kit.GetString("owner"))
	if err != nil {
		return nil, nil, refusal.NotFoundf(msgNotFound)
	}
	return owner, kit, nil
}

// Own is the member's own kit: an empty draft when none is saved.
func Own(app core.App, memberID string) (Kit, error) {
	owner, err := app.FindRecordById("users", memberID)
	if err != nil {
		return Kit{}, refusal.New(refusal.NotSignedIn, "Please sign in again.")
	}
	kit, err := evidence.KitOf(app, memberID, false)
	if err != nil {
		return Kit{}, err
	}
	return answer(app, owner, kit)
}

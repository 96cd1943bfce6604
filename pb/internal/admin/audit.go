package admin

import (
	"github.com/pocketbase/pocketbase/core"
)

// Actions recorded in the moderation log.
const (
	actionApprove        = "approve_listing"
	actionReject         = "reject_listing"
	actionVerifyMember   = "verify_member"
	actionUnverifyMember = "unverify_member"
	actionVerifySocial   = "verify_social"
	actionUnverifySocial = "unverify_social"
	actionResolveContact = "resolve_contact"
	actionResolveDispute = "resolve_dispute"
	actionHideReview     = "hide_review"
)

// logAction records one administrator action. Callers pass the transaction
// that makes the change, so a change is never without its row and a failed
// change leaves none.
func logAction(tx core.App, actor *core.Record, action, targetKind, targetID, details string) error {
	c, err := tx.FindCachedCollectionByNameOrId("moderation_log")
	if err != nil {
		return err
	}
	r := core.NewRecord(c)
	r.Set("actor", actor.Id)
	r.Set("actorName", actor.GetString("username"))
	r.Set("action", action)
	r.Set("targetKind", targetKind)
	r.Set("targetId", targetID)
	r.Set("details", truncate(details, 1000))
	return tx.Save(r)
}

func truncate(s string, max int) string {
	runes := []rune(s)
	if len(runes) <= max {
		return s
	}
	return string(runes[:max])
}

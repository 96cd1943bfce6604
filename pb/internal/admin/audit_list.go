package admin

import (
	"slices"
	"strings"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/when"
)

// AuditEntry is one row of the moderation log.
type AuditEntry struct {
	ID         string `json:"id"`
	ActorID    string `json:"actorId"`
	ActorName  string `json:"actorName"`
	Action     string `json:"action"`
	TargetKind string `json:"targetKind"`
	TargetID   string `json:"targetId"`
	Details    string `json:"details"`
	CreatedAt  string `json:"createdAt"`
}

var auditActions = []string{actionApprove, actionReject, actionVerifyMember, actionUnverifyMember,
	actionVerifySocial, actionUnverifySocial, actionResolveContact, actionResolveDispute, actionHideReview}

// auditList answers the moderation log, newest first, optionally one
// action's rows or one target's.
func auditList(e *core.RequestEvent) error {
	errs := validation.Errors{}
	p := readPaging(e, errs)
	q := e.Request.URL.Query()
	exps := []dbx.Expression{dbx.NewExp("1 = 1")}
	if action := strings.TrimSpace(q.Get("action")); action != "" {
		if !slices.Contains(auditActions, action) {
			errs["action"] = apierr.Field("validation_invalid_action", "Unknown action")
		}
		exps = append(exps, dbx.HashExp{"action": action})
	}
	if target := strings.TrimSpace(q.Get("targetId")); target != "" {
		exps = append(exps, dbx.HashExp{"targetId": target})
	}
	if len(errs) > 0 {
		return e.BadRequestError("Invalid list parameters.", errs)
	}
	where := dbx.And(exps...)
	return answerCounted(e, p, "moderation_log", where, []string{"created DESC", "rowid DESC"}, each(func(r *core.Record) AuditEntry {
		return AuditEntry{ID: r.Id, ActorID: r.GetString("actor"), ActorName: r.GetString("actorName"),
			Action: r.GetString("action"), TargetKind: r.GetString("targetKind"), TargetID: r.GetString("targetId"),
			Details: r.GetString("details"), CreatedAt: when.APIStored(r.GetString("created"))}
	}))
}

package live

import (
	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// concern is a collection delivered here: the members a record of it
// concerns, those its list and view rules let see it (pb_migrations;
// TestConcernsFollowTheRules checks the rules are still these), from the
// record itself or one lookup; and, when set, the only fields its events
// carry besides id, collectionId and collectionName.
type concern struct {
	members func(app core.App, r *core.Record) []string
	fields  []string
}

var concerns = map[string]concern{
	// "@request.auth.id != '' && (userA = @request.auth.id || userB = @request.auth.id)"
	"conversations": {members: func(_ core.App, r *core.Record) []string { return ids(r.GetString("userA"), r.GetString("userB")) }},
	// "... (conversation.userA = @request.auth.id || conversation.userB = @request.auth.id)"
	"messages": {members: func(app core.App, r *core.Record) []string {
		var row struct {
			A string `db:"userA"`
			B string `db:"userB"`
		}
		err := app.ConcurrentDB().Select("userA", "userB").From("conversations").
			Where(dbx.HashExp{"id": r.GetString("conversation")}).Limit(1).One(&row)
		if err != nil {
			return nil // no conversation: nobody may see the message
		}
		return ids(row.A, row.B)
	}},
	// "@request.auth.id != '' && user = @request.auth.id"
	"notifications": {members: func(_ core.App, r *core.Record) []string { return ids(r.GetString("user")) }},
	// "@request.auth.id != '' && (sponsor = @request.auth.id || recipient = @request.auth.id)".
	// A deal is read through GET /api/deals/{id}, which shapes it for
	// the reader: the event only says which deal changed and its version,
	// so that its open page reads it again (unless it holds that version).
	"deals": {
		members: func(_ core.App, r *core.Record) []string {
			return ids(r.GetString("sponsor"), r.GetString("recipient"))
		},
		fields: []string{"version"},
	},
}

// rules are the list and view rules concerns follows, by collection.
var rules = map[string]string{
	"conversations": `@request.auth.id != "" && (userA = @request.auth.id || userB = @request.auth.id)`,
	"messages":      `@request.auth.id != "" && (conversation.userA = @request.auth.id || conversation.userB = @request.auth.id)`,
	"notifications": `@request.auth.id != "" && user = @request.auth.id`,
	"deals":         `@request.auth.id != "" && (sponsor = @request.auth.id || recipient = @request.auth.id)`,
}

func (h *hub) members(app core.App, r *core.Record) []string {
	return concerns[r.Collection().Name].members(app, r)
}

// ids are the distinct non-empty member ids among given.
func ids(given ...string) []string {
	out := make([]string, 0, len(given))
	for _, id := range given {
		if id != "" && (len(out) == 0 || out[0] != id) {
			out = append(out, id)
		}
	}
	return out
}

package live

import (
	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// concerns names, for each collection delivered here, the members a record
// of it concerns: those its list and view rules let see it
// (pb_migrations; TestConcernsFollowTheRules checks the rules are still
// these), from the record itself or one lookup.
var concerns = map[string]func(app core.App, r *core.Record) []string{
	// "@request.auth.id != '' && (userA = @request.auth.id || userB = @request.auth.id)"
	"conversations": func(_ core.App, r *core.Record) []string { return ids(r.GetString("userA"), r.GetString("userB")) },
	// "... (conversation.userA = @request.auth.id || conversation.userB = @request.auth.id)"
	"messages": func(app core.App, r *core.Record) []string {
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
	},
	// "@request.auth.id != '' && user = @request.auth.id"
	"notifications": func(_ core.App, r *core.Record) []string { return ids(r.GetString("user")) },
}

// rules are the list and view rules concerns follows, by collection.
var rules = map[string]string{
	"conversations": `@request.auth.id != "" && (userA = @request.auth.id || userB = @request.auth.id)`,
	"messages":      `@request.auth.id != "" && (conversation.userA = @request.auth.id || conversation.userB = @request.auth.id)`,
	"notifications": `@request.auth.id != "" && user = @request.auth.id`,
}

func (h *hub) members(app core.App, r *core.Record) []string {
	return concerns[r.Collection().Name](app, r)
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

package deals

import (
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/accounts"
	"sponsorbridge/pb/internal/when"
)

// Update is what a request's poster told all its sponsors.
type Update struct {
	ID   string `json:"id"`
	Body string `json:"body"`
	// Picture is the id of the update's picture ("" for none), read on a
	// sponsor's deal at GET /api/deals/{id}/pictures/{picture}.
	Picture   string          `json:"picture"`
	Author    accounts.Person `json:"author"`
	CreatedAt string          `json:"createdAt"`
}

func toUpdate(app core.App, r *core.Record) Update {
	people, _ := accounts.LoadPeople(app, r.GetString("author")) // unread, the author shows as deleted, as PersonOf has it
	return updateOf(r, people)
}

// updateOf maps a request_updates record whose author people holds.
func updateOf(r *core.Record, people accounts.People) Update {
	return Update{ID: r.Id, Body: r.GetString("body"), Picture: r.GetString("picture"), Author: people.Of(r.GetString("author")),
		CreatedAt: when.API(r.GetDateTime("created").Time())}
}

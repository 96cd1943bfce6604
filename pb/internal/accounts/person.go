package accounts

import (
	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// DeletedMember is how a member who deleted their account is shown.
const DeletedMember = "Deleted member"

// Person is how a member appears beside what they did, everywhere: a
// listing's poster, a message's sender, an applicant, a reporter. The whole
// profile is PublicUser.
type Person struct {
	ID          string `json:"id"`
	Username    string `json:"username"`
	DisplayName string `json:"displayName"`
	Avatar      string `json:"avatar"`
	IsVerified  bool   `json:"isVerified"`
	Deleted     bool   `json:"deleted"`
}

// ToPerson maps a users record.
func ToPerson(r *core.Record) Person {
	return Person{
		ID:          r.Id,
		Username:    r.GetString("username"),
		DisplayName: r.GetString("displayName"),
		Avatar:      AvatarURL(r),
		IsVerified:  r.GetBool("isVerified"),
	}
}

// People are the members a list answer names, loaded together: a page of
// rows costs one query for all its people, not one per row.
type People map[string]Person

// LoadPeople loads the members with ids in one query; ids repeated or ""
// cost nothing.
func LoadPeople(app core.App, ids ...string) (People, error) {
	want := make([]any, 0, len(ids))
	seen := make(map[string]bool, len(ids))
	for _, id := range ids {
		if id != "" && !seen[id] {
			seen[id] = true
			want = append(want, id)
		}
	}
	out := make(People, len(want))
	if len(want) == 0 {
		return out, nil
	}
	var rows []*core.Record
	if err := app.RecordQuery("users").AndWhere(dbx.In("id", want...)).All(&rows); err != nil {
		return nil, err
	}
	for _, r := range rows {
		out[r.Id] = ToPerson(r)
	}
	return out, nil
}

// Of is the member with id, or the deleted-member placeholder when they
// were not found (their account deleted, or the id unset).
func (p People) Of(id string) Person {
	if person, ok := p[id]; ok && id != "" {
		return person
	}
	return Person{DisplayName: DeletedMember, Deleted: true}
}

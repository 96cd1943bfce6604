package accounts

import "github.com/pocketbase/pocketbase/core"

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

// PersonOf answers the member with id, or the deleted-member placeholder.
func PersonOf(app core.App, id string) Person {
	if id == "" {
		return Person{DisplayName: DeletedMember, Deleted: true}
	}
	r, err := app.FindRecordById("users", id)
	if err != nil {
		return Person{DisplayName: DeletedMember, Deleted: true}
	}
	return ToPerson(r)
}

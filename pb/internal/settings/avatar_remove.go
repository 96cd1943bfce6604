package settings

import "github.com/pocketbase/pocketbase/core"

// RemoveAvatar clears memberID's avatar.
func RemoveAvatar(app core.App, memberID string) (*core.Record, error) {
	return changeMember(app, memberID, func(member *core.Record) error {
		member.Set("avatar", "")
		return nil
	})
}

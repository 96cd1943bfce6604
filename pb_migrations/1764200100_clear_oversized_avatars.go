package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"

	"sponsorbridge/pb/avatar"
)

// Avatars uploaded before pictures were bounded may describe more pixels
// than the server can afford to decode for a thumbnail (a 265 KB PNG of
// 8,000 × 8,000 pixels costs 256 MB). Those are removed once; every later
// upload is checked and stored re-encoded at 512 pixels (pb/avatar).
func init() {
	m.Register(func(app core.App) error {
		n, err := avatar.ClearOversized(app)
		if n > 0 {
			app.Logger().Warn("Removed avatars over the picture size bound", "count", n)
		}
		return err
	}, nil)
}

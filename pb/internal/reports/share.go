package reports

// The sponsor's share link: /r/{token}, readable signed out until revoked
// or replaced. Only the token's SHA-256 is stored, so the link is answered
// once, when it is made.

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"regexp"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"sponsorbridge/pb/internal/publicurl"
	"sponsorbridge/pb/internal/refusal"
)

var (
	errNotPublished   = refusal.Conflictf("The report can be shared once the recipient publishes it.")
	errReportNotFound = refusal.NotFoundf("Report not found.")
)

// tokenShape is a token as Share makes it: 32 random bytes, base64url
// without padding. Anything else is answered without a query.
var tokenShape = regexp.MustCompile(`^[A-Za-z0-9_-]{43}$`)

// Share makes a new share link for the published report of deal dealID
// (the sponsor's): any earlier link stops working. It answers the link.
func Share(app core.App, dealID string, me *core.Record) (ShareLink, error) {
	d, err := admit(app, dealID, me, sponsorOnly)
	if err != nil {
		return ShareLink{}, err
	}
	raw := make([]byte, 32)
	if _, err := rand.Read(raw); err != nil {
		return ShareLink{}, err
	}
	token := base64.RawURLEncoding.EncodeToString(raw)
	err = app.RunInTransaction(func(tx core.App) error {
		row, err := findRow(tx, d.Id)
		switch {
		case err != nil:
			return err
		case row == nil || row.GetString("status") != StatusPublished:
			return errNotPublished
		}
		row.Set("shareHash", hashOf(token))
		row.Set("sharedAt", types.NowDateTime())
		return tx.Save(row)
	})
	if err != nil {
		return ShareLink{}, err
	}
	return ShareLink{URL: publicurl.Link(app, "/r/"+token)}, nil
}

// Revoke ends the share link of deal dealID's report (the sponsor's): it
// answers 404 at once. Revoking when there is none does nothing.
func Revoke(app core.App, dealID string, me *core.Record) error {
	d, err := admit(app, dealID, me, sponsorOnly)
	if err != nil {
		return err
	}
	return app.RunInTransaction(func(tx core.App) error {
		row, err := findRow(tx, d.Id)
		if err != nil || row == nil || row.GetString("shareHash") == "" {
			return err
		}
		row.Set("shareHash", "")
		row.Set("sharedAt", "")
		return tx.Save(row)
	})
}

// SharedRow is the published report the live link of token opens, and its
// deal; NotFound for a revoked, replaced or unknown link, and for one whose
// sponsor deleted their account (nobody is left to revoke it).
func SharedRow(app core.App, token string) (row, d *core.Record, err error) {
	if !tokenShape.MatchString(token) {
		return nil, nil, errReportNotFound
	}
	row, err = app.FindFirstRecordByData("impact_reports", "shareHash", hashOf(token))
	if err != nil || row.GetString("status") != StatusPublished {
		return nil, nil, errReportNotFound
	}
	// the link is its sponsor's: it ends with their account
	if d, err = app.FindRecordById("deals", row.GetString("deal")); err != nil || d.GetString("sponsor") == "" {
		return nil, nil, errReportNotFound
	}
	return row, d, nil
}

// hashOf is how a token is stored: its SHA-256, in hex.
func hashOf(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

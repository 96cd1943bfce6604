package links

import (
	"crypto/hmac"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/security"
	"github.com/pocketbase/pocketbase/tools/types"
)

// RepeatWindow: a visitor's visits to a link count once per window.
const RepeatWindow = 30 * time.Minute

// robots are the User-Agent substrings (lower case) of robots and of the
// link-preview fetchers of chat apps and social sites: their fetches are
// not visits.
var robots = []string{"bot", "crawl", "spider", "slurp", "preview", "facebookexternalhit", "whatsapp", "telegram",
	"discord", "slack", "embedly", "curl", "wget", "python", "go-http-client", "headless", "lighthouse"}

// Visit is a request for a short link, as the counter reads it.
type Visit struct {
	Code string
	// Method, Purpose (Sec-Purpose or Purpose) and UserAgent decide
	// whether it counts.
	Method, Purpose, UserAgent string
	// Address is the client's address as the rate limits read it.
	Address string
}

// Counts tells whether v is a visit: not a HEAD, not a prefetch, from a
// browser that is not a robot or a link-preview fetcher.
func (v Visit) Counts() bool {
	if v.Method == http.MethodHead || strings.Contains(strings.ToLower(v.Purpose), "prefetch") {
		return false
	}
	ua := strings.ToLower(v.UserAgent)
	if strings.TrimSpace(ua) == "" {
		return false
	}
	for _, r := range robots {
		if strings.Contains(ua, r) {
			return false
		}
	}
	return true
}

// ErrUnknown: no tracked link has the code.
var ErrUnknown = errors.New("links: unknown code")

// Follow answers the target of v's link and counts the visit when it is
// one: a visitor new to the link counts a visit and a unique visitor, one
// seen at least RepeatWindow ago a visit, a repeat nothing. One transaction
// of two statements that add to the stored counts, so concurrent visits
// lose none.
func Follow(app core.App, v Visit) (target string, counted bool, err error) {
	var link struct {
		ID     string `db:"id"`
		Target string `db:"target"`
	}
	err = app.DB().Select("id", "target").From("tracked_links").Where(dbx.HashExp{"code": v.Code}).One(&link)
	if errors.Is(err, sql.ErrNoRows) || (err == nil && v.Code == "") {
		return "", false, ErrUnknown
	}
	if err != nil || !v.Counts() {
		return link.Target, false, err
	}
	visitor := visitorOf(app, v.Address, v.UserAgent)
	now := types.NowDateTime()
	err = app.RunInTransaction(func(tx core.App) error {
		var visits int
		err := tx.DB().NewQuery(`INSERT INTO link_visitors (id, link, visitor, visits, lastAt)
			VALUES ({:id}, {:link}, {:visitor}, 1, {:now})
			ON CONFLICT (link, visitor) DO UPDATE SET visits = visits + 1, lastAt = excluded.lastAt
			WHERE lastAt <= {:repeat}
			RETURNING visits`).Bind(dbx.Params{
			"id": security.RandomStringWithAlphabet(15, "abcdefghijklmnopqrstuvwxyz0123456789"), "link": link.ID,
			"visitor": visitor, "now": now.String(), "repeat": now.Add(-RepeatWindow).String(),
		}).Row(&visits)
		if errors.Is(err, sql.ErrNoRows) {
			return nil // a repeat: the row stays as it was
		}
		if err != nil {
			return err
		}
		unique := 0
		if visits == 1 {
			unique = 1
		}
		counted = true
		_, err = tx.DB().NewQuery(`UPDATE tracked_links SET visits = visits + 1, uniqueVisitors = uniqueVisitors + {:unique},
			lastVisitAt = {:now} WHERE id = {:link}`).Bind(dbx.Params{"unique": unique, "now": now.String(), "link": link.ID}).Execute()
		return err
	})
	if err != nil {
		counted = false
	}
	return link.Target, counted, err
}

// visitorOf is the visitor's hash: the address and the browser under a
// key only this installation knows (derived from the users collection's
// token secret), so the stored hash names no address.
func visitorOf(app core.App, address, userAgent string) string {
	key := "sb-link-visitor|"
	if users, err := app.FindCachedCollectionByNameOrId("users"); err == nil {
		key += users.AuthToken.Secret
	}
	mac := hmac.New(sha256.New, []byte(key))
	mac.Write([]byte(address + "\x00" + userAgent))
	return hex.EncodeToString(mac.Sum(nil))
}

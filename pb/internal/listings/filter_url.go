package listings

import (
	"net/url"
	"strconv"
	"strings"

	"sponsorbridge/pb/search"
)

// ScreenKeys names the web app's listing-screen URL keys (/home?…). The
// json names are the web app's own names for what each key holds (its
// ListingFilters fields, and the tab).
type ScreenKeys struct {
	Tab        string `json:"tab"`
	Keyword    string `json:"q"`
	Categories string `json:"categories"`
	MinAmount  string `json:"minAmount"`
	MaxAmount  string `json:"maxAmount"`
	Location   string `json:"location"`
	Verified   string `json:"verified"`
	Reliable   string `json:"reliable"`
	// ShowClosed ("show=all") asks for every status; without it the
	// screen lists what can still be backed.
	ShowClosed string `json:"showClosed"`
	Sort       string `json:"sort"`
}

// AppKeys are the listing screen's URL keys: AppURL writes them, and the
// web app reads them from the generated contract (pb/cmd/apitypes writes
// them into web/src/lib/api-types.gen.ts as listingScreenKeys), so they
// are spelled here only.
var AppKeys = ScreenKeys{Tab: "tab", Keyword: "q", Categories: "categories", MinAmount: "min", MaxAmount: "max",
	Location: "location", Verified: "verified", Reliable: "reliable", ShowClosed: "show", Sort: "sort"}

// The listing screen's values for its keys (the tab's are Kind.Segment).
const (
	appShowAll  = "all"
	appVerified = "true"
	appReliable = "true"
)

// appPath is the listing screen.
const appPath = "/home"

// AppURL opens the listing screen on kind's tab with f applied: the link
// of saved-search alerts. It holds what the screen can hold: keyword,
// categories, amounts, location, verified and reliable posters, and every status (f's
// Status "") or else the screen's default, open; the poster conditions
// are the server's. Parameters are in key order (url.Values.Encode), so one filter
// has one URL.
func AppURL(kind Kind, f search.Filter) string {
	v := url.Values{}
	set := func(key, value string) {
		if value != "" {
			v.Set(key, value)
		}
	}
	if kind.IsRequest {
		set(AppKeys.Tab, kind.Segment())
	}
	set(AppKeys.Keyword, f.Keyword)
	set(AppKeys.Categories, strings.Join(f.Categories, ","))
	if f.MinAmount != nil {
		set(AppKeys.MinAmount, strconv.FormatInt(*f.MinAmount, 10))
	}
	if f.MaxAmount != nil {
		set(AppKeys.MaxAmount, strconv.FormatInt(*f.MaxAmount, 10))
	}
	set(AppKeys.Location, f.Location)
	if f.VerifiedOnly {
		set(AppKeys.Verified, appVerified)
	}
	if f.ReliableOnly {
		set(AppKeys.Reliable, appReliable)
	}
	if f.Status == "" {
		set(AppKeys.ShowClosed, appShowAll)
	}
	if len(v) == 0 {
		return appPath
	}
	return appPath + "?" + v.Encode()
}

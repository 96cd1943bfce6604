package listings

import (
	"net/url"

	"sponsorbridge/pb/search"
)

// ScreenKeys names the listing screen's URL keys (/home?…) that are not a
// filter field's (FilterField.Screen). The json names are the web app's
// own names for what each key holds.
type ScreenKeys struct {
	Tab string `json:"tab"`
	// ShowClosed ("show=all") asks for every status; without it the
	// screen lists what can still be backed.
	ShowClosed string `json:"showClosed"`
	Sort       string `json:"sort"`
}

// AppKeys are the listing screen's other URL keys: AppURL writes them, and
// the web app reads them from the generated contract (pb/cmd/apitypes
// writes them into web/src/lib/api-types.gen.ts as listingScreenKeys), so
// they are spelled here only.
var AppKeys = ScreenKeys{Tab: "tab", ShowClosed: "show", Sort: "sort"}

// appShowAll is ShowClosed's value.
const appShowAll = "all"

// appPath is the listing screen.
const appPath = "/home"

// AppURL opens the listing screen on kind's tab with f applied: the link
// of saved-search alerts. It holds what the screen can hold: the filter
// fields (FilterFields), and every status (f's Status "") or else the
// screen's default, open; the poster conditions are the server's. Parameters are in key order (url.Values.Encode), so one filter
// has one URL.
func AppURL(kind Kind, f search.Filter) string {
	v := url.Values{}
	set := func(key, value string) {
		if value != "" {
			v.Set(key, value)
		}
	}
	if kind.IsRequest {
		set(AppKeys.Tab, kind.Segment)
	}
	for _, d := range FilterFields {
		set(d.Screen, d.screenValue(f))
	}
	if f.Status == "" {
		set(AppKeys.ShowClosed, appShowAll)
	}
	if len(v) == 0 {
		return appPath
	}
	return appPath + "?" + v.Encode()
}

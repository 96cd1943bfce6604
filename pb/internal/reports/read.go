package reports

import (
	"github.com/pocketbase/pocketbase/core"
)

// Read is the report of deal dealID as its member me reads it: all of it
// to the recipient; to the sponsor its measured parts until it is
// published, then all of it with its share link.
func Read(app core.App, dealID string, me *core.Record) (ImpactReport, error) {
	d, err := admit(app, dealID, me, eitherSide)
	if err != nil {
		return ImpactReport{}, err
	}
	return answer(app, d, me)
}

// answer is the report of d as its member me reads it now.
func answer(app core.App, d, me *core.Record) (ImpactReport, error) {
	row, err := findRow(app, d.Id)
	if err != nil {
		return ImpactReport{}, err
	}
	return build(app, d, row, reader{sponsor: d.GetString("sponsor") == me.Id})
}

// ReadShared is the published report the live link of token opens, as
// anyone holding it reads it: no member ids, no e-mail.
func ReadShared(app core.App, token string) (ImpactReport, error) {
	row, d, err := SharedRow(app, token)
	if err != nil {
		return ImpactReport{}, err
	}
	return build(app, d, row, reader{token: token})
}

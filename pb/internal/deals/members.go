package deals

import "github.com/pocketbase/pocketbase/core"

// OfMember is deal id when me is one of its two members; anyone else is
// answered the refusal every deal route answers a stranger (NotFound: the
// answer does not say whether the deal exists).
func OfMember(app core.App, id string, me *core.Record) (*core.Record, error) {
	d, err := app.FindRecordById("deals", id)
	if err != nil || (d.GetString("sponsor") != me.Id && d.GetString("recipient") != me.Id) {
		return nil, errDealNotFound
	}
	return d, nil
}

// RecordEvent writes an entry of the deal's history (deal_events), in the
// caller's transaction, for what another feature did to the deal (an
// impact report published).
func RecordEvent(tx core.App, dealID, actor, kind, text string) error {
	return record(tx, dealID, actor, kind, text)
}

// Other is the deal's member who is not id ("" when they deleted their
// account).
func Other(d *core.Record, id string) string { return other(d, id) }

// NewItemID is a new id for an item of a list kept in a JSON field (a
// deliverable, a report's figure or line item).
func NewItemID() string { return newItemID() }

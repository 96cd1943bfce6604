package listings

import (
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
)

// Transition is how a write made a listing newly visible.
type Transition string

const (
	// Posted: created visible (a new listing waits for review in view).
	Posted Transition = "posted"
	// Approved: an administrator approved a rejected listing (usually
	// after its poster edited it).
	Approved Transition = "approved"
	// EditedIntoView: an edit that was not an approval lifted a rejection
	// (a superuser clearing "reviewed" in the dashboard or the records API).
	EditedIntoView Transition = "edited into view"
)

// BecameVisible answers whether a write made a listing newly visible, and
// how: before is the listing as it was (nil for a create), after as
// written. The one place this is decided; an edit of a listing already
// visible, and any write that leaves it hidden, is no transition.
func BecameVisible(before, after *core.Record) (Transition, bool) {
	switch {
	case HiddenRecord(after):
		return "", false
	case before == nil:
		return Posted, true
	case !HiddenRecord(before):
		return "", false
	case after.GetBool("reviewed") && after.GetBool("approved"):
		return Approved, true
	}
	return EditedIntoView, true
}

// VisibleEvent is "a listing became visible", fired once per transition,
// after the write committed.
type VisibleEvent struct {
	hook.Event
	App  core.App
	Kind Kind
	// ID is the listing's id; subscribers read the listing when their
	// work runs (it may have changed or gone by then).
	ID  string
	How Transition
}

// Visible is the list of subscribers to VisibleEvent (pb/app binds them).
type Visible struct {
	hook.Hook[*VisibleEvent]
}

// BindVisible fires the returned hook list whenever a write makes a
// listing newly visible. Every path that writes a listing (its routes, an
// administrator's review, the dashboard and the records API) ends in these
// record hooks, after its commit.
func BindVisible(app core.App) *Visible {
	v := &Visible{}
	for _, kind := range Kinds {
		app.OnRecordAfterCreateSuccess(kind.Table).BindFunc(func(e *core.RecordEvent) error {
			v.fire(e.App, kind, nil, e.Record)
			return e.Next()
		})
		app.OnRecordAfterUpdateSuccess(kind.Table).BindFunc(func(e *core.RecordEvent) error {
			v.fire(e.App, kind, e.Record.Original(), e.Record)
			return e.Next()
		})
	}
	return v
}

func (v *Visible) fire(app core.App, kind Kind, before, after *core.Record) {
	how, ok := BecameVisible(before, after)
	if !ok {
		return
	}
	if err := v.Trigger(&VisibleEvent{App: app, Kind: kind, ID: after.Id, How: how}); err != nil {
		app.Logger().Warn("listings: a subscriber to a newly visible listing failed", "listing", after.Id, "error", err.Error())
	}
}

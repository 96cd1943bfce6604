package testutil

import (
	"maps"
	"testing"

	"github.com/pocketbase/pocketbase/tests"
)

// Writes is a scenario's ExpectedEvents for a request that saves (with
// validation) and deletes exactly these records through the app and fires
// no other hook event; extra adds the other events it must fire (mail,
// enrich, ...). Record and model events are counted alike: a model saved
// outside the record API would show up as a mismatch.
func Writes(creates, updates, deletes int, extra ...map[string]int) map[string]int {
	m := map[string]int{"*": 0}
	add := func(n int, names ...string) {
		for _, name := range names {
			if n > 0 {
				m[name] += n
			}
		}
	}
	add(creates, "OnModelCreate", "OnModelCreateExecute", "OnModelAfterCreateSuccess",
		"OnRecordCreate", "OnRecordCreateExecute", "OnRecordAfterCreateSuccess")
	add(updates, "OnModelUpdate", "OnModelUpdateExecute", "OnModelAfterUpdateSuccess",
		"OnRecordUpdate", "OnRecordUpdateExecute", "OnRecordAfterUpdateSuccess")
	add(creates+updates, "OnModelValidate", "OnRecordValidate")
	add(deletes, "OnModelDelete", "OnModelDeleteExecute", "OnModelAfterDeleteSuccess",
		"OnRecordDelete", "OnRecordDeleteExecute", "OnRecordAfterDeleteSuccess")
	for _, e := range extra {
		for k, v := range e {
			m[k] += v
		}
	}
	return m
}

// NoWrites is ExpectedEvents for a request that must save and delete
// nothing (other events, such as enriching what it reads, may fire).
func NoWrites() map[string]int {
	return maps.Clone(noWrites)
}

var noWrites = map[string]int{"OnModelCreate": 0, "OnModelUpdate": 0, "OnModelDelete": 0,
	"OnRecordCreate": 0, "OnRecordUpdate": 0, "OnRecordDelete": 0}

// WritesAmidMail is Writes for a request that also mails in the
// background: the mail events may fire before or after the scenario's
// check, so only the record events are counted (and no deletes).
func WritesAmidMail(creates, updates int) map[string]int {
	m := Writes(creates, updates, 0)
	delete(m, "*")
	m["OnRecordDelete"] = 0
	return m
}

// ExpectEvents checks the events app fired since its last
// ResetEventCalls against want, as a scenario's ExpectedEvents: each named
// event fired exactly that often, and with "*": 0 no other. For requests
// at the same time, which no scenario can send, it checks what they fired
// together.
func ExpectEvents(t testing.TB, app *tests.TestApp, want map[string]int) {
	t.Helper()
	fired := maps.Clone(app.EventCalls)
	onlyThese := false
	for event, n := range want {
		if event == "*" && n <= 0 {
			onlyThese = true
			continue
		}
		if fired[event] != n {
			t.Errorf("Expected event %s to be called %d, got %d", event, n, fired[event])
		}
		delete(fired, event)
	}
	if onlyThese && len(fired) > 0 {
		t.Errorf("Missing expected remaining events:\n%#v\nAll triggered app events are:\n%#v", fired, app.EventCalls)
	}
}

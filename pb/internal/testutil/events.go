package testutil

import "maps"

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

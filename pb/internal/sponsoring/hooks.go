package sponsoring

import "github.com/pocketbase/pocketbase/core"

// BindHooks keeps an offer's applicationCount (its applications not
// withdrawn) when an application is deleted by another path than this
// package's actions: its applicant's account deleted with it (cascade),
// or a superuser's delete. In the deletion's transaction.
func BindHooks(app core.App) {
	app.OnRecordDeleteExecute("applications").BindFunc(func(e *core.RecordEvent) error {
		if err := e.Next(); err != nil {
			return err
		}
		if e.Record.GetString("status") == StatusWithdrawn {
			return nil
		}
		return freePlace(e.App, e.Record.GetString("sponsorship"))
	})
}

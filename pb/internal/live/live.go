// Package live delivers the realtime events of the members' own
// collections (messages, conversations, notifications, deals) to the open pages
// of the members each record concerns, found in an index of the realtime
// clients by member: the cost of an event is its members' clients and at
// most one lookup, whoever else is online.
//
// PocketBase's own broadcast checks every connected client against the
// collection's rule with an SQL query of its own, for every event (apis/
// realtime.go): with 2,000 open tabs one message cost ~278× its CPU alone
// (issue 39). For these collections it is silenced (quiet, below); every
// other collection (the dashboard's subscriptions) keeps it.
package live

import (
	"encoding/json/v2"
	"net/http"
	"sync"
	"sync/atomic"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
	"github.com/pocketbase/pocketbase/tools/routine"
	"github.com/pocketbase/pocketbase/tools/subscriptions"

	"sponsorbridge/pb/internal/clientindex"
)

// memberCollection is the auth collection whose clients are indexed: the
// rules of the collections below name its records (@request.auth.id).
const memberCollection = "users"

// hub is one app's index of realtime clients by member.
type hub struct {
	app core.App

	byMember *clientindex.Index // the clients listening to a topic delivered here, by member id

	pending sync.Map // "collection/id" -> []string: the members of a record being deleted

	visited atomic.Uint64 // clients looked at by deliveries (tests and measurements)
}

// Hook ids, so that a test can take the layer away and see PocketBase's own
// broadcast (the payloads must be the same, the cost is not).
const (
	idDeliver   = "sbLiveDeliver"
	idRestore   = "sbLiveRestore"
	idIndex     = "sbLiveIndex"
	idForget    = "sbLiveForget"
	idDeleting  = "sbLiveDeleting"
	idDeleteErr = "sbLiveDeleteError"
	idReslim    = "sbLiveReslim"
)

// Bind indexes the members' realtime clients and delivers the events of
// the collections in concerns through the index. It must be bound before
// PocketBase's router is made (app.Register is): its hooks run just
// before PocketBase's broadcast at the same priority, which they silence.
func Bind(app core.App) {
	h := &hub{app: app, byMember: clientindex.New()}

	app.OnRealtimeSubscribeRequest().Bind(&hook.Handler[*core.RealtimeSubscribeRequestEvent]{
		Id: idIndex,
		Func: func(e *core.RealtimeSubscribeRequestEvent) error {
			// filed as the 204 is written, not after: the page may act on
			// the 204 at once (an event in between was missed)
			answer := e.Response
			e.Response = &fileFirst{ResponseWriter: answer, file: func() { h.index(e.Client) }}
			defer func() { e.Response = answer }()
			if err := e.Next(); err != nil {
				return err
			}
			h.index(e.Client) // a handler that answered otherwise
			return nil
		},
	})
	app.OnRealtimeConnectRequest().Bind(&hook.Handler[*core.RealtimeConnectRequestEvent]{
		Id: idForget,
		Func: func(e *core.RealtimeConnectRequestEvent) error {
			err := e.Next()
			id := e.Client.Id()
			AfterStream(e.Client, func() { h.forget(id) })
			return err
		},
	})
	bindTakeOver(app)

	// After the commit: deliver, then hide the broker from PocketBase's
	// broadcast (priority -99, bound later, when the router is made) and
	// give it back right after (-98), before the app's own hooks.
	for action, on := range map[string]*hook.TaggedHook[*core.ModelEvent]{
		"create": app.OnModelAfterCreateSuccess(),
		"update": app.OnModelAfterUpdateSuccess(),
		"delete": app.OnModelAfterDeleteSuccess(),
	} {
		on.Bind(&hook.Handler[*core.ModelEvent]{Id: idDeliver, Priority: -99, Func: func(e *core.ModelEvent) error {
			record, ok := delivered(e.Model)
			if !ok {
				return e.Next()
			}
			h.deliver(action, record)
			return quietly(e, e.Next)
		}})
		on.Bind(&hook.Handler[*core.ModelEvent]{Id: idRestore, Priority: -98, Func: restore})
	}
	// A deleted record's members are found before it goes, outside its
	// transaction as PocketBase's own rule check does (a conversation's
	// deletion deletes its messages after it in the same transaction);
	// PocketBase's own dry run of the delete (priority 99) is silenced the
	// same way.
	app.OnModelDelete().Bind(&hook.Handler[*core.ModelEvent]{Id: idDeleting, Priority: 99, Func: func(e *core.ModelEvent) error {
		record, ok := delivered(e.Model)
		if !ok {
			return e.Next()
		}
		h.pending.Store(pendingKey(record), h.members(app, record))
		return quietly(e, e.Next)
	}})
	app.OnModelDelete().Bind(&hook.Handler[*core.ModelEvent]{Id: idRestore, Priority: 100, Func: restore})
	// PocketBase gives a member's clients their whole record again when
	// it changes with the same token key (apis/realtime.go, priority -99,
	// before its e.Next()): slim again, their clients only.
	app.OnModelAfterUpdateSuccess().Bind(&hook.Handler[*core.ModelEvent]{Id: idReslim, Priority: -97, Func: func(e *core.ModelEvent) error {
		var member *core.Record
		if r, ok := e.Model.(*core.Record); ok {
			member = r
		} else if p, ok := e.Model.(core.RecordProxy); ok {
			member = p.ProxyRecord()
		}
		if member != nil && member.Collection().Name == memberCollection {
			for _, c := range h.byMember.Of(member.Id) {
				keepSlim(c)
			}
		}
		return e.Next()
	}})
	app.OnModelAfterDeleteError().Bind(&hook.Handler[*core.ModelErrorEvent]{Id: idDeleteErr, Func: func(e *core.ModelErrorEvent) error {
		if record, ok := e.Model.(*core.Record); ok {
			h.pending.Delete(pendingKey(record))
		}
		return e.Next()
	}})
	app.Store().Set(storeKey, h)
}

// storeKey finds an app's hub in its store (tests and measurements).
const storeKey = "sbLiveHub"

// quiet is the app as PocketBase's broadcast sees it for the collections
// delivered here: with no realtime clients.
type quiet struct{ core.App }

var noClients = subscriptions.NewBroker()

func (quiet) SubscriptionsBroker() *subscriptions.Broker { return noClients }

func quietly(e *core.ModelEvent, next func() error) error {
	app := e.App
	e.App = quiet{app}
	defer func() { e.App = app }()
	return next()
}

func restore(e *core.ModelEvent) error {
	if q, ok := e.App.(quiet); ok {
		e.App = q.App
	}
	return e.Next()
}

// delivered answers m as a record of a collection delivered here.
func delivered(m core.Model) (*core.Record, bool) {
	r, ok := m.(*core.Record)
	if !ok {
		return nil, false
	}
	_, ok = concerns[r.Collection().Name]
	return r, ok
}

func pendingKey(r *core.Record) string { return r.Collection().Name + "/" + r.Id }

// index files client under the member it is signed in as, if it listens
// to a topic delivered here; a client signed out or re-subscribed leaves
// its previous member.
func (h *hub) index(client subscriptions.Client) {
	member := ""
	if auth, _ := client.Get(apis.RealtimeClientAuthKey).(*core.Record); auth != nil && auth.Collection().Name == memberCollection {
		for name := range concerns {
			if client.HasSubscription(topic(name)) {
				member = auth.Id
				break
			}
		}
	}
	if member != "" {
		if client.Get(waitingKey) == nil {
			client.Set(waitingKey, &atomic.Int32{})
		}
		keepSlim(client)
	}
	h.byMember.File(member, client)
}

// keepSlim replaces a member's sign-in kept by their realtime client (a
// whole copy of their record, about 5 KiB, for the stream's life: once
// subscribed, and again after PocketBase hands the client the member's
// changed record) by one
// that holds only what is read of it: its id and collection (who it is:
// live, PocketBase's check that a subscription keeps its sign-in) and its
// token key (PocketBase ends a client's sign-in when the member's changes).
// Members subscribe only to the topics delivered here (builtin.BindRealtime),
// so no collection rule reads their other fields, and no enrich hook does.
// The slim record's collection is the members' own with only those two
// fields (same id, name and type), so the record does not carry a default
// for each of the collection's other fields: about 0.5 KiB an open tab
// instead of 3.
func keepSlim(client subscriptions.Client) {
	auth, _ := client.Get(apis.RealtimeClientAuthKey).(*core.Record)
	if auth == nil {
		return
	}
	slim := core.NewRecord(slimCollection(auth.Collection()))
	slim.Id = auth.Id
	slim.SetRaw(core.FieldNameId, auth.Id)
	slim.SetRaw(core.FieldNameTokenKey, auth.TokenKey())
	client.Set(apis.RealtimeClientAuthKey, slim)
}

// slimmed holds the slim copies made, by collection id and last change:
// one a schema (records read at different times carry copies of their
// collection, so the copy is found by what it is, not by pointer).
var slimmed sync.Map

// slimCollection answers a copy of the auth collection c that has only its
// id and token key fields.
func slimCollection(c *core.Collection) *core.Collection {
	key := c.Id + "|" + c.Updated.String()
	if cp, ok := slimmed.Load(key); ok {
		return cp.(*core.Collection)
	}
	cp := *c
	cp.Fields = core.NewFieldsList()
	for _, name := range []string{core.FieldNameId, core.FieldNameTokenKey} {
		if f := c.Fields.GetByName(name); f != nil {
			cp.Fields.Add(f)
		}
	}
	got, _ := slimmed.LoadOrStore(key, &cp)
	return got.(*core.Collection)
}

// fileFirst runs file once, just before the subscription's answer is
// written: PocketBase subscribes the client, then answers 204, and the
// index must hold the client by the time the page reads it.
type fileFirst struct {
	http.ResponseWriter
	file func()
	done bool
}

func (w *fileFirst) WriteHeader(status int) {
	if !w.done {
		w.done = true
		w.file()
	}
	w.ResponseWriter.WriteHeader(status)
}

func (w *fileFirst) Write(b []byte) (int, error) {
	if !w.done {
		w.WriteHeader(http.StatusOK)
	}
	return w.ResponseWriter.Write(b)
}

// Unwrap lets PocketBase's router find its own writer (whether the answer
// was written, flushing).
func (w *fileFirst) Unwrap() http.ResponseWriter { return w.ResponseWriter }

func (h *hub) forget(clientID string) { h.byMember.Forget(clientID) }

// clientsOf answers the member's clients still signed in as them: a client
// whose sign-in PocketBase or the session layer took away (password
// changed, account deleted, session revoked: apis.RealtimeClientAuthKey
// unset) or that ended hears nothing more and leaves the index.
func (h *hub) clientsOf(member string) (clients []subscriptions.Client, auth *core.Record) {
	clients = h.byMember.Of(member)
	h.visited.Add(uint64(len(clients)))
	live := clients[:0]
	var gone []string
	for _, c := range clients {
		a, _ := c.Get(apis.RealtimeClientAuthKey).(*core.Record)
		if c.IsDiscarded() || a == nil || a.Id != member || a.Collection().Name != memberCollection {
			gone = append(gone, c.Id())
			continue
		}
		live = append(live, c)
		auth = a
	}
	if len(gone) > 0 {
		h.byMember.ForgetUnder(member, gone...)
	}
	return live, auth
}

// recordData is PocketBase's realtime event (apis/realtime.go), its fields
// in the same order.
type recordData struct {
	Record any    `json:"record"`
	Action string `json:"action"`
}

// deliver sends the event to the clients of the record's members that
// listen to its collection, each member's payload made as PocketBase makes
// it for their sign-in (a fresh copy, the enrich hooks as the realtime
// request, the same JSON); a deal's, only which deal and its version.
func (h *hub) deliver(action string, record *core.Record) {
	var members []string
	if action == "delete" {
		if m, ok := h.pending.LoadAndDelete(pendingKey(record)); ok {
			members = m.([]string)
		}
	} else {
		members = h.members(h.app, record)
	}
	name := topic(record.Collection().Name)
	for _, member := range members {
		clients, auth := h.clientsOf(member)
		var msg *subscriptions.Message
		for _, c := range clients {
			if !c.HasSubscription(name) {
				continue
			}
			if msg == nil {
				data, err := payload(h.app, action, record, auth)
				if err != nil {
					h.app.Logger().Debug("live: event not made", "collection", record.Collection().Name, "id", record.Id, "error", err)
					break
				}
				msg = &subscriptions.Message{Name: name, Data: data}
			}
			h.send(c, *msg)
		}
	}
}

// MaxWaiting is how many events may wait for one stream: its loop takes
// them one by one as it writes them out, so more wait only while its
// writes are stuck (a reader that never reads). Beyond, the stream is ended
// rather than holding an event and a goroutine for every event to come; the
// page's SDK reconnects by itself (the events it missed are not replayed,
// as after any lost connection).
const MaxWaiting = 32

// waitingKey holds a client's count of events waiting for it.
const waitingKey = "sbLiveWaiting"

// send hands msg to the client's stream without waiting for it, ending a
// stream that has MaxWaiting events waiting already.
func (h *hub) send(c subscriptions.Client, msg subscriptions.Message) {
	waiting, _ := c.Get(waitingKey).(*atomic.Int32)
	if waiting == nil {
		return // filed before it could be counted: never (index sets it)
	}
	if waiting.Add(1) > MaxWaiting {
		waiting.Add(-1)
		h.app.Logger().Debug("live: a stream that does not read ended", "clientId", c.Id())
		h.app.SubscriptionsBroker().Unregister(c.Id()) // its stream loop sees the channel closed and ends
		h.forget(c.Id())
		return
	}
	routine.FireAndForget(func() {
		defer waiting.Add(-1)
		c.Send(msg)
	})
}

func payload(app core.App, action string, record *core.Record, auth *core.Record) ([]byte, error) {
	clean := record.Fresh()
	info := &core.RequestInfo{Context: core.RequestInfoContextRealtime, Method: "GET", Auth: auth,
		Query: map[string]string{}, Headers: map[string]string{}}
	enrich := &core.RecordEnrichEvent{App: app, Record: clean, RequestInfo: info}
	if err := app.OnRecordEnrich().Trigger(enrich); err != nil {
		return nil, err
	}
	data := &recordData{Record: clean, Action: action}
	if fields := concerns[record.Collection().Name].fields; fields != nil {
		all := clean.PublicExport()
		some := map[string]any{}
		for _, f := range append([]string{"id", "collectionId", "collectionName"}, fields...) {
			some[f] = all[f]
		}
		data.Record = some
	}
	return json.Marshal(data, json.Deterministic(true))
}

func topic(collection string) string { return collection + "/*" }

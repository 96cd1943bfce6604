package savedsearch

import (
	"database/sql"
	"errors"
	"log/slog"
	"sync"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/listings"
	"sponsorbridge/pb/internal/queue"
	"sponsorbridge/pb/search"
)

// Collection is the saved searches' collection.
const Collection = "saved_searches"

// MaxPerMember is how many searches a member may keep.
const MaxPerMember = 20

// Service holds every active (not paused) saved search in a percolator per
// kind, kept in step with the collection by record hooks.
type Service struct {
	app    core.App
	engine *search.Engine

	mu     sync.RWMutex
	perc   map[string]*search.Percolator // by kind
	owners map[string]stored             // by saved search id

	queue *queue.Queue // the app's background queue (alerts run there)
}

type stored struct {
	user, name, kind string
	filter           search.Filter // canonical (listings.LoadFilter)
	paused           bool          // kept out of the percolator
}

// New makes the service; Load fills it at start.
func New(app core.App, engine *search.Engine) *Service {
	s := &Service{app: app, engine: engine, queue: queue.Of(app)}
	app.Store().Set(storeKey, s)
	return s
}

const storeKey = "sb.savedsearch"

// From returns the service registered on app (tests reload it).
func From(app core.App) *Service {
	s, _ := app.Store().Get(storeKey).(*Service)
	return s
}

// Load reads every saved search into the percolators. It holds the lock
// while it reads, so a change committed meanwhile is followed after it
// (its hook waits) rather than overwritten by an older read.
func (s *Service) Load() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	perc := map[string]*search.Percolator{}
	for _, k := range listings.Kinds {
		perc[k.Segment] = s.engine.NewPercolator()
	}
	owners := map[string]stored{}
	var rows []*core.Record
	if err := s.app.RecordQuery(Collection).All(&rows); err != nil {
		return err
	}
	for _, r := range rows {
		st, ok := fromRecord(r)
		if !ok {
			continue
		}
		owners[r.Id] = st
		if !st.paused {
			perc[st.kind].Put(r.Id, withOwnerLeftOut(st))
		}
	}
	s.perc, s.owners = perc, owners
	return nil
}

// withOwnerLeftOut: a member's own listings never alert them.
func withOwnerLeftOut(st stored) search.Filter {
	f := st.filter
	f.ExcludePosterID = st.user
	return f
}

func fromRecord(r *core.Record) (stored, bool) {
	f, ok := filterOf(r)
	if !ok {
		return stored{}, false
	}
	kind := r.GetString("kind")
	if _, ok := listings.KindOfSegment(kind); !ok {
		return stored{}, false
	}
	return stored{user: r.GetString("user"), name: r.GetString("name"), kind: kind, filter: f, paused: r.GetBool("paused")}, true
}

// refiles tells whether following a change from old to st changes what
// the percolator holds: a rename does not (its search stays filed as it
// was), a pause, a resume or another filter does.
func refiles(old, st stored) bool {
	return old.kind != st.kind || old.user != st.user || old.paused != st.paused || !listings.SameFilter(old.filter, st.filter)
}

// BindHooks keeps the percolators in step with the collection. Every path
// that writes a saved search (the routes, an account's deletion cascading
// to its searches, a superuser's records API) ends in one of these hooks,
// after the commit. (Listings that become visible reach Alert.)
func (s *Service) BindHooks() {
	follow := func(e *core.RecordEvent) error {
		s.follow(e.Record.Id)
		return e.Next()
	}
	s.app.OnRecordAfterCreateSuccess(Collection).BindFunc(follow)
	s.app.OnRecordAfterUpdateSuccess(Collection).BindFunc(follow)
	s.app.OnRecordAfterDeleteSuccess(Collection).BindFunc(follow)
}

// follow puts the percolators in step with the committed row of one saved
// search. It reads the row rather than trusting the hook's record: hooks
// run after their commits but in no set order (a rename's hook may come
// after the deletion that followed it, and would bring the search back
// until a restart). Reads happen under the lock, so the last hook to run
// reads a state no older than any commit, and that is what stays. A
// change the percolator does not see (a rename) leaves the search filed:
// refiling costs a pass over every filed search.
func (s *Service) follow(id string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.perc == nil {
		return
	}
	old, had := s.owners[id]
	r, err := s.app.FindRecordById(Collection, id)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		// left out: a missed alert rather than one for a search that is gone
		s.logError("reading a saved search to follow it", err)
	}
	var st stored
	found := err == nil
	if found {
		st, found = fromRecord(r)
	}
	if had && found && !refiles(old, st) {
		s.owners[id] = st
		return
	}
	if had {
		s.perc[old.kind].Remove(id)
		delete(s.owners, id)
	}
	if !found {
		return
	}
	s.owners[id] = st
	if !st.paused {
		s.perc[st.kind].Put(id, withOwnerLeftOut(st))
	}
}

func (s *Service) logError(what string, err error) {
	if err != nil {
		s.app.Logger().Warn("savedsearch: "+what, slog.String("error", err.Error()))
	}
}

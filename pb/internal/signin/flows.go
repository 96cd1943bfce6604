package signin

import (
	"crypto/sha256"
	"crypto/subtle"
	"sync"
	"time"
)

// flowTTL bounds how long a started Google sign-in may take.
const flowTTL = 10 * time.Minute

// maxFlows bounds the memory a flood of start requests can take.
const maxFlows = 10000

// flow is one started Google sign-in: what the callback needs to finish it.
type flow struct {
	verifier    string   // PKCE code verifier, never leaves the server
	redirect    string   // where the app goes afterwards
	browserHash [32]byte // hash of the binding cookie given to the browser that started
	started     time.Time
}

// flowStore keeps started flows in memory, keyed by their state. A state is
// taken once: a replayed or unknown state finds nothing. The app runs as one
// process (docs/operations.md, "Exactly one writer"), and a restart only ends sign-ins in progress.
type flowStore struct {
	mu    sync.Mutex
	flows map[string]flow
	now   func() time.Time
}

func newFlowStore() *flowStore {
	return &flowStore{flows: map[string]flow{}, now: time.Now}
}

func (s *flowStore) put(state string, f flow) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.now()
	if len(s.flows) >= maxFlows {
		for k, v := range s.flows {
			if now.Sub(v.started) > flowTTL {
				delete(s.flows, k)
			}
		}
		if len(s.flows) >= maxFlows {
			return false
		}
	}
	f.started = now
	s.flows[state] = f
	return true
}

// take removes and returns the flow of state when it is fresh and was
// started by the browser holding binding.
func (s *flowStore) take(state, binding string) (flow, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	f, ok := s.flows[state]
	if !ok {
		return flow{}, false
	}
	got := sha256.Sum256([]byte(binding))
	if subtle.ConstantTimeCompare(got[:], f.browserHash[:]) != 1 {
		return flow{}, false // another browser cannot end (or burn) this flow
	}
	delete(s.flows, state)
	if s.now().Sub(f.started) > flowTTL {
		return flow{}, false
	}
	return f, true
}

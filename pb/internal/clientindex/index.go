// Package clientindex files realtime clients under a key (the member they
// are signed in as, the session that opened them), so that whoever must
// reach one key's clients finds them without visiting every connected
// client: with thousands of tabs open, a delivery or a sign-out costs the
// clients it concerns, not the crowd (issue 39).
package clientindex

import (
	"slices"
	"sync"

	"github.com/pocketbase/pocketbase/tools/subscriptions"
)

// Index is a set of clients by key; a client is under one key at most.
// The zero value is not usable: make one with New.
//
// A key's clients are a slice, not a map: a key has one client or a few
// (a member's open tabs, capped per member: builtin's streams), and a map
// of one costs about 300 bytes an open tab in each index.
type Index struct {
	mu    sync.RWMutex
	byKey map[string][]subscriptions.Client // key -> its clients
	keyOf map[string]string                 // client id -> key
}

// New answers an empty index.
func New() *Index {
	return &Index{byKey: map[string][]subscriptions.Client{}, keyOf: map[string]string{}}
}

// File puts client under key, taking it from the key it was under; an
// empty key only takes it out.
func (x *Index) File(key string, client subscriptions.Client) {
	id := client.Id()
	x.mu.Lock()
	defer x.mu.Unlock()
	x.unfile(id)
	if key == "" {
		return
	}
	x.byKey[key] = append(x.byKey[key], client)
	x.keyOf[id] = key
}

// Forget takes the client out of the index (its connection ended).
func (x *Index) Forget(clientID string) {
	x.mu.Lock()
	defer x.mu.Unlock()
	x.unfile(clientID)
}

// ForgetUnder takes the clients out that are still under key (a client
// filed under another key since it was looked up stays there).
func (x *Index) ForgetUnder(key string, clientIDs ...string) {
	x.mu.Lock()
	defer x.mu.Unlock()
	for _, id := range clientIDs {
		if x.keyOf[id] == key {
			x.unfile(id)
		}
	}
}

// Of answers the clients under key, in no order.
func (x *Index) Of(key string) []subscriptions.Client {
	x.mu.RLock()
	defer x.mu.RUnlock()
	return slices.Clone(x.byKey[key])
}

// KeyOf answers the key the client is under ("" if none).
func (x *Index) KeyOf(clientID string) string {
	x.mu.RLock()
	defer x.mu.RUnlock()
	return x.keyOf[clientID]
}

func (x *Index) unfile(id string) {
	key, ok := x.keyOf[id]
	if !ok {
		return
	}
	delete(x.keyOf, id)
	clients := slices.DeleteFunc(x.byKey[key], func(c subscriptions.Client) bool { return c.Id() == id })
	if len(clients) == 0 {
		delete(x.byKey, key)
	} else {
		x.byKey[key] = clients
	}
}

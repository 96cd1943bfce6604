package clientindex_test

import (
	"slices"
	"testing"

	"github.com/pocketbase/pocketbase/tools/subscriptions"

	"sponsorbridge/pb/internal/clientindex"
)

func ids(clients []subscriptions.Client) []string {
	var out []string
	for _, c := range clients {
		out = append(out, c.Id())
	}
	slices.Sort(out)
	return out
}

// A client is under one key at most: filing it again moves it, and the
// keys' lookups answer only their own clients.
func TestFileMovesAndForgets(t *testing.T) {
	x := clientindex.New()
	a, b, c := subscriptions.NewDefaultClient(), subscriptions.NewDefaultClient(), subscriptions.NewDefaultClient()
	x.File("m1", a)
	x.File("m1", b)
	x.File("m2", c)
	if got := ids(x.Of("m1")); !slices.Equal(got, ids([]subscriptions.Client{a, b})) {
		t.Fatalf("m1: %v", got)
	}
	x.File("m2", b) // re-subscribed as another member
	if got := ids(x.Of("m1")); !slices.Equal(got, []string{a.Id()}) {
		t.Fatalf("m1 after the move: %v", got)
	}
	if x.KeyOf(b.Id()) != "m2" || len(x.Of("m2")) != 2 {
		t.Fatalf("m2: %v", ids(x.Of("m2")))
	}
	x.ForgetUnder("m1", b.Id(), a.Id()) // b moved on: only a goes
	if len(x.Of("m1")) != 0 || len(x.Of("m2")) != 2 {
		t.Fatalf("after ForgetUnder: m1 %v, m2 %v", ids(x.Of("m1")), ids(x.Of("m2")))
	}
	x.File("", c) // signed out: out of the index
	x.Forget(b.Id())
	for _, cl := range []subscriptions.Client{a, b, c} {
		if key := x.KeyOf(cl.Id()); key != "" {
			t.Errorf("%s is still under %q", cl.Id(), key)
		}
	}
	if len(x.Of("m1"))+len(x.Of("m2")) != 0 {
		t.Errorf("clients left: %v %v", ids(x.Of("m1")), ids(x.Of("m2")))
	}
}

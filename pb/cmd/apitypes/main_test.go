package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"sponsorbridge/pb/internal/route"
)

// The checked-in file is what the Go types generate (make types-check does
// the same from the Makefile).
func TestCheckedInFileIsCurrent(t *testing.T) {
	files, err := generateAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 2 {
		t.Fatalf("generated %d files, want the types and the limits", len(files))
	}
	for name, want := range files {
		got, err := os.ReadFile(filepath.Join("..", "..", "..", "web", "src", "lib", name))
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(want) {
			t.Errorf("web/src/lib/%s is stale: run make types", name)
		}
	}
}

func TestMapping(t *testing.T) {
	src, err := generate()
	if err != nil {
		t.Fatal(err)
	}
	s := string(src)
	for _, want := range []string{
		"export interface ListingItem {\n",
		"  amount?: number\n",                                    // *int64 with omitzero
		"  status?: ListingStatus\n",                             // enum from listings.Status*
		"  socialMedia: SocialMediaEntry[]\n",                    // a slice is never null
		"export interface CurrentUser extends PublicProfile {\n", // embedded struct
		"export type ListingSegment = 'sponsorships' | 'sponsorship-requests'\n",
		"export type ListingKind = 'sponsorships' | 'requests'\n",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("generated file lacks %q", want)
		}
	}
}

type box[T any] struct {
	Page  int `json:"page"`
	Items []T `json:"items"`
}

type boxItem struct {
	ID string `json:"id"`
}

type boxHolder struct {
	Active box[boxItem] `json:"active"`
}

// A generic type is written once, with T for its type argument, and named
// with its argument where it is used.
func TestGenericInstantiation(t *testing.T) {
	g := &generator{done: map[reflect.Type]bool{}, tsNames: map[string]reflect.Type{}, usedEnum: map[string]enum{}}
	g.queue = []reflect.Type{reflect.TypeFor[boxHolder]()}
	var out strings.Builder
	for len(g.queue) > 0 {
		typ := g.queue[0]
		g.queue = g.queue[1:]
		if g.done[generic(typ)] {
			continue
		}
		g.done[generic(typ)] = true
		s, err := g.iface(typ)
		if err != nil {
			t.Fatal(err)
		}
		out.WriteString(s)
	}
	for _, want := range []string{
		"  active: box<boxItem>\n",
		"export interface box<T> {\n  page: number\n  items: T[]\n}\n",
		"export interface boxItem {\n",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("generated %q lacks %q", out.String(), want)
		}
	}
}

// The route map names every JSON route of the table with its body and
// answer; links (files, redirects, pages) are not calls.
func TestRouteMap(t *testing.T) {
	src, err := generate()
	if err != nil {
		t.Fatal(err)
	}
	s := string(src)
	for _, want := range []string{
		"  'GET /api/deals/{id}': { body: undefined; answer: Deal }\n",
		"  'GET /api/deals': { body: undefined; answer: Deal[] }\n",
		"export type ApiAnswer<R extends ApiRoute> = ApiRoutes[R]['answer']\n",
		"export interface AppConfig {\n", // an answer the old hand-written roots lacked
		"  google: { configured: boolean }\n",
		"  payments: { mode: PaymentsMode }\n",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("generated file lacks %q", want)
		}
	}
	for _, link := range []string{"GET /api/deals/{id}/pictures/{picture}", "GET /api/auth/google/start", "GET /api/email/unsubscribe"} {
		if strings.Contains(s, "'"+link+"'") {
			t.Errorf("%s answers no JSON but is in ApiRoutes", link)
		}
	}
}

type pledgeBody struct {
	Amount int `json:"amount"`
}

// A row's body: its In; FormData beside it for an upload; none for a row
// without In once its feature declares bodies; unknown before.
func TestBody(t *testing.T) {
	g := &generator{done: map[reflect.Type]bool{}, tsNames: map[string]reflect.Type{}, usedEnum: map[string]enum{}}
	for _, c := range []struct {
		r     route.Route
		known bool
		want  string
	}{
		{route.Route{Method: "POST", In: reflect.TypeFor[pledgeBody]()}, false, "pledgeBody"},
		{route.Route{Method: "POST", In: reflect.TypeFor[pledgeBody](), Upload: 1}, true, "FormData | pledgeBody"},
		{route.Route{Method: "POST", Upload: 1}, true, "FormData"},
		{route.Route{Method: "POST"}, true, "undefined"},
		{route.Route{Method: "GET"}, false, "undefined"},
		{route.Route{Method: "POST"}, false, "unknown"},
		{route.Route{Method: "POST", Upload: 1}, false, "unknown"},
	} {
		got, err := g.body(c.r, c.known)
		if err != nil {
			t.Fatal(err)
		}
		if got != c.want {
			t.Errorf("body(%+v, declared %v) = %q, want %q", c.r, c.known, got, c.want)
		}
	}
}

type reviewBody struct {
	Rating json.RawMessage `json:"rating"`
	Body   string          `json:"body"`
	Name   *string         `json:"name"`
}

type reviewAnswer struct {
	Name *string `json:"name"`
}

// A body's pointer field may be left out; an answer's is written, as null
// when nil. Raw JSON is whatever the server's own decoding accepts.
func TestBodiesAndAnswers(t *testing.T) {
	g := &generator{done: map[reflect.Type]bool{}, tsNames: map[string]reflect.Type{}, usedEnum: map[string]enum{}}
	var out bytes.Buffer
	if err := g.drain(&out, []reflect.Type{reflect.TypeFor[reviewAnswer]()}); err != nil {
		t.Fatal(err)
	}
	g.input = true
	if err := g.drain(&out, []reflect.Type{reflect.TypeFor[reviewBody]()}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"export interface reviewAnswer {\n  name: string | null\n}\n",
		"export interface reviewBody {\n  rating: unknown\n  body: string\n  name?: string\n}\n",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("generated %q lacks %q", out.String(), want)
		}
	}
}

// A row's feature is the package of its handler, whatever shape the
// handler has (a method value, a closure, a function).
func TestFeature(t *testing.T) {
	want := map[string]string{
		"POST /api/deals/{id}/agree":     "deals",
		"GET /api/app-config":            "appconfig",
		"POST /api/payments/sandbox/pay": "payments",
		"GET /api/saved-searches":        "savedsearch",
		"POST /api/register":             "accounts",
	}
	for _, r := range table() {
		if w, ok := want[r.Pattern()]; ok {
			if got := feature(r); got != w {
				t.Errorf("feature(%s) = %q, want %q", r.Pattern(), got, w)
			}
			delete(want, r.Pattern())
		}
	}
	if len(want) > 0 {
		t.Errorf("not in the table: %v", want)
	}
}

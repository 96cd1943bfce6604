package main

import (
	"slices"
	"testing"
)

func TestCompare(t *testing.T) {
	t.Parallel()
	found, err := parse([]byte(`[{"Name":"catalog","Path":"sponsorbridge/pb/catalog","Funcs":[
		{"Name":"IsCategory","Position":{"File":"pb/catalog/catalog.go","Line":11,"Col":6}},
		{"Name":"Kept","Position":{"File":"pb/catalog/catalog.go","Line":20,"Col":6}}]}]`))
	if err != nil {
		t.Fatal(err)
	}
	allowed, err := parseAllowed("# why each stays\nsponsorbridge/pb/catalog.Kept a library call\nsponsorbridge/pb/gone.Old it was\n")
	if err != nil {
		t.Fatal(err)
	}
	got := compare(found, allowed)
	want := []string{
		"pb/catalog/catalog.go:11: sponsorbridge/pb/catalog.IsCategory is unreachable from the binary and the commands",
		"pb/cmd/deadcheck/allowed.txt: sponsorbridge/pb/gone.Old is reachable or gone: remove its line",
	}
	if !slices.Equal(got, want) {
		t.Errorf("problems:\n%q\nwant\n%q", got, want)
	}
	if got := compare(nil, nil); len(got) != 0 {
		t.Errorf("nothing dead and nothing allowed: %q", got)
	}
}

func TestAllowedNeedsAReason(t *testing.T) {
	t.Parallel()
	if _, err := parseAllowed("sponsorbridge/pb/catalog.Kept\n"); err == nil {
		t.Error("an entry without a reason was accepted")
	}
	if _, err := parse([]byte("deadcode: no main")); err == nil {
		t.Error("an answer that is not JSON was accepted")
	}
}

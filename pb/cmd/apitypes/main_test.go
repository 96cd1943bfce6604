package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The checked-in file is what the Go types generate (make types-check does
// the same from the Makefile).
func TestCheckedInFileIsCurrent(t *testing.T) {
	want, err := generate()
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(filepath.Join("..", "..", "..", "web", "src", "lib", "api-types.gen.ts"))
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Fatal("web/src/lib/api-types.gen.ts is stale: run make types")
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
		"  active: PagedList<ActiveSubscription>\n",              // generic instantiation
		"export interface PagedList<T> {\n  page: number\n",
		"  items: T[]\n",
		"export type ListingSegment = 'sponsorships' | 'sponsorship-requests'\n",
		"export type ListingKind = 'sponsorships' | 'requests'\n",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("generated file lacks %q", want)
		}
	}
}

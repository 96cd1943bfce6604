package testutil_test

import (
	"testing"

	"sponsorbridge/pb/internal/testutil"
)

func BenchmarkNewApp(b *testing.B) {
	for i := 0; i < b.N; i++ {
		ta := testutil.NewApp(b, nil)
		ta.Cleanup()
	}
}

func BenchmarkNewAppHandler(b *testing.B) {
	for i := 0; i < b.N; i++ {
		ta := testutil.NewApp(b, nil)
		testutil.Handler(b, ta)
		ta.Cleanup()
	}
}

func BenchmarkCreateMember(b *testing.B) {
	ta := testutil.NewApp(b, nil)
	defer ta.Cleanup()
	for i := 0; i < b.N; i++ {
		testutil.CreateMember(b, ta, "m"+string(rune('a'+i%26))+string(rune('a'+(i/26)%26))+string(rune('a'+(i/676)%26)), testutil.MemberOpts{})
	}
}

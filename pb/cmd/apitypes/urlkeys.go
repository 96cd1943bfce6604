package main

import (
	"bytes"
	"fmt"
	"reflect"
	"strings"

	"sponsorbridge/pb/internal/listings"
	"sponsorbridge/pb/internal/paging"
)

// A constObject is a Go struct of string constants the web app reads as
// values, not types: written as `export const name = {…} as const`, keyed
// by the fields' json names.
type constObject struct {
	name, doc string
	value     any
}

// constObjects are the constants of the contract the web app reads.
var constObjects = []constObject{
	{"listingScreenKeys", "The listing screen's URL keys (/home?tab=requests&…&show=all) other than the filter fields' " +
		"(listingFilterFields' screen), by what each holds (listings.AppKeys): the server's alert links use the same (listings.AppURL).", listings.AppKeys},
	{"listHeaders", "The headers of every list answer (paging.HeaderNames; docs/api/README.md, \"Lists\"): " +
		"the body is a JSON array of the page's items.", paging.HeaderNames},
}

// writeConstObjects writes every constObject.
func writeConstObjects(out *bytes.Buffer) {
	for _, c := range constObjects {
		v := reflect.ValueOf(c.value)
		fmt.Fprintf(out, "/** %s */\nexport const %s = {\n", c.doc, c.name)
		for i := 0; i < v.NumField(); i++ {
			key, _, _ := strings.Cut(v.Type().Field(i).Tag.Get("json"), ",")
			fmt.Fprintf(out, "  %s: '%s',\n", key, v.Field(i).String())
		}
		out.WriteString("} as const\n\n")
	}
	writeKinds(out)
}

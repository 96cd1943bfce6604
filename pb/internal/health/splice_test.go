package health

import (
	"encoding/json"
	"testing"
)

func TestAddVersionKeepsTheAnswerValid(t *testing.T) {
	for _, body := range []string{
		`{"message":"API is healthy.","code":200,"data":{}}` + "\n",
		`{"message":"API is healthy.","code":200,"data":{"canBackup":true,"realIP":"127.0.0.1","possibleProxyHeader":""}}`,
		`{"message":"API is healthy."}`, // ?fields=message: nothing to add to
	} {
		got := addVersion([]byte(body))
		var answer struct {
			Data map[string]any `json:"data"`
		}
		if err := json.Unmarshal(got, &answer); err != nil {
			t.Fatalf("%s: %v", got, err)
		}
		if answer.Data != nil && answer.Data["version"] != "dev" {
			t.Errorf("%s: no version", got)
		}
		if answer.Data == nil && string(got) != body {
			t.Errorf("an answer without data changed: %s", got)
		}
	}
}

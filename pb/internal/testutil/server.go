package testutil

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
)

// Serve runs the app's full router (every OnServe binding) on a real HTTP
// server, for tests that need requests at the same time or a real listener.
// Requests one after another are a Journey's steps.
func Serve(t testing.TB, app *tests.TestApp) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(Handler(t, app))
	t.Cleanup(srv.Close)
	return srv
}

// Handler builds the app's full router as an http.Handler.
func Handler(t testing.TB, app *tests.TestApp) http.Handler {
	t.Helper()
	r, err := apis.NewRouter(app)
	if err != nil {
		t.Fatal(err)
	}
	se := &core.ServeEvent{App: app, Router: r}
	var handler http.Handler
	err = app.OnServe().Trigger(se, func(e *core.ServeEvent) error {
		mux, err := e.Router.BuildMux()
		handler = mux
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return handler
}

// Send sends one request to srv and answers the response (its body read
// and closed) and the body. Origin headers name srv itself. A request that
// cannot be sent fails the test and answers nil.
func Send(t testing.TB, srv *httptest.Server, method, path, body string, headers map[string]string) (*http.Response, string) {
	t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, srv.URL+path, rd)
	if err != nil {
		t.Error(err)
		return nil, ""
	}
	req.Header.Set("Content-Type", "application/json")
	for k, v := range headers {
		if k == "Origin" {
			v = srv.URL
		}
		req.Header.Set(k, v)
	}
	res, err := srv.Client().Do(req)
	if err != nil {
		t.Error(err)
		return nil, ""
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	return res, string(raw)
}

// Do is Send when only the response's status and headers matter.
func Do(t testing.TB, srv *httptest.Server, method, path, body string, headers map[string]string) *http.Response {
	t.Helper()
	res, _ := Send(t, srv, method, path, body, headers)
	return res
}

// DoRead is Send when the status and the body are what matter.
func DoRead(t testing.TB, srv *httptest.Server, method, path, body string, headers map[string]string) (int, string) {
	t.Helper()
	res, raw := Send(t, srv, method, path, body, headers) //nolint:bodyclose // Send read and closed it
	if res == nil {
		return 0, ""
	}
	return res.StatusCode, raw
}

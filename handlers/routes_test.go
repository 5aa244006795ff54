package handlers

import (
	"net/http"
	"net/url"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

// publicRoutes are the only lines of the table a visitor without a session
// may reach: sign-in itself, invitations and the signed links in mails
// (which carry their own proof), and the local outbox.
var publicRoutes = map[string]bool{
	"GET /healthz": true, "GET /static/*": true, "GET /maps/:file": true, "GET /favicon.ico": true, "GET /": true,
	"GET /signin": true, "POST /signin": true, "GET /signin/:token": true, "POST /signin/:token": true,
	"POST /signout": true, "POST /signout/all": true, "POST /language": true,
	"GET /invite/:token": true, "POST /invite/:token": true,
	"GET /notify/d/:token": true, "POST /notify/d/:token/move": true, "POST /notify/d/:token/continue": true, "GET /notify/d/:token/board.svg": true,
	"GET /notify/unsubscribe/:token": true, "POST /notify/unsubscribe/:token": true,
	"GET /outbox": true, "GET /outbox/:id": true, "POST /outbox/:id/signin": true,
	"GET /calendar/:token": true, // the feed's secret is its proof
	// The watcher's picture with the game's signature (a link preview);
	// without it, the handler sends the visitor to sign in.
	"GET /games/:id/board.png": true,
}

// The route table is what the server serves: every line is registered
// once, only the lines meant to be public are, and a line that asks for
// sign-in turns visitors away.
func TestRouteTable(t *testing.T) {
	t.Parallel()
	e, _, _ := notifyEnv(t) // notify runs and mail stays local: every line is in
	table := e.srv.routes()
	seen := map[string]bool{}
	for _, r := range table {
		key := r.method + " " + r.path
		if seen[key] {
			t.Errorf("%s is twice in the table", key)
		}
		seen[key] = true
	}
	registered := map[string]bool{}
	for _, ri := range e.srv.echo.Router().Routes() {
		registered[ri.Method+" "+ri.Path] = true
	}
	if !reflect.DeepEqual(seen, registered) {
		t.Errorf("registered routes differ from the table:\ntable %v\nechos %v", seen, registered)
	}

	param := regexp.MustCompile(`:[a-z]+`)
	b := e.browser()
	b.get("/") // the CSRF cookie
	csrf := csrfOf(t, b)
	for _, r := range table {
		path := strings.ReplaceAll(param.ReplaceAllString(r.path, "1"), "*", "style.css")
		signedIn := len(r.mw) > 0 && reflect.ValueOf(r.mw[0]).Pointer() == reflect.ValueOf(e.srv.mustSignIn).Pointer()
		if key := r.method + " " + r.path; !signedIn != publicRoutes[key] {
			t.Errorf("%s: public in the table is %v, in publicRoutes %v", key, !signedIn, publicRoutes[key])
		}
		var code int
		var doc *goquery.Document
		switch r.method {
		case http.MethodGet:
			code, doc = b.get(path)
		case http.MethodPost:
			code, doc = b.post(path, url.Values{"csrf": {csrf}})
		default:
			t.Fatalf("%s %s: a method the test does not know", r.method, r.path)
		}
		landed := b.last.Request.URL.Path
		switch {
		case signedIn && r.method == http.MethodGet && landed != "/signin":
			t.Errorf("GET %s without a session ended at %s (%d), want the sign-in page", path, landed, code)
		case signedIn && r.method == http.MethodPost && code != http.StatusUnauthorized:
			t.Errorf("POST %s without a session: %d, want 401", path, code)
		case code == http.StatusMethodNotAllowed || (code == http.StatusNotFound && landed == path && strings.Contains(text(doc), "There is no page at this address")):
			t.Errorf("%s %s: the router does not know it (%d)", r.method, path, code)
		}
	}
}

// Package ltitest is an LTI 1.3 Advantage platform for tests (an LMS as the
// playground sees it): its key set, an OIDC authorisation endpoint that
// answers with the launch's auto-posting form, a token endpoint that checks
// the tool's JWT client assertion against the tool's key set, AGS line
// items that record scores (and can answer 503), an NRPS membership
// service and a deep linking return URL that checks the tool's signature.
package ltitest

import (
	"crypto/rand"
	"crypto/rsa"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/go-jose/go-jose/v4"
	"github.com/go-jose/go-jose/v4/jwt"
)

// Launch is what the next authorisation request answers with.
type Launch struct {
	Sub, Name, Email string
	Roles            []string
	ContextID        string
	ContextTitle     string
	MessageType      string // default LtiResourceLinkRequest
	TargetLink       string
	Custom           map[string]string
	LineItem         string // the AGS claim's line item, when set
	NRPS             bool   // offer the membership service
	DeepLinkData     string // for an LtiDeepLinkingRequest: the data to echo
	Locale           string
	// Mutate changes the id_token's claims before signing (a forged or
	// broken launch); SignWith signs with another key.
	Mutate   func(claims map[string]any)
	SignWith *rsa.PrivateKey
}

// Score is a score the platform took.
type Score struct {
	LineItem string // the path and query it was posted to
	Body     map[string]any
}

// Member is one person of the course for the membership service.
type Member struct {
	UserID, Name, Email string
	Roles               []string
}

// Instructor and Learner are LIS context roles.
const (
	Instructor = "http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor"
	Learner    = "http://purl.imsglobal.org/vocab/lis/v2/membership#Learner"
)

// Platform is the test LMS. Its fields are read and set under its lock
// through the methods.
type Platform struct {
	t            testing.TB
	srv          *httptest.Server
	key          *rsa.PrivateKey
	kid          string
	ClientID     string
	DeploymentID string
	// ToolJWKS is the tool's key set URL (set before tokens are asked).
	ToolJWKS string
	// Now is the platform's clock (default time.Now).
	Now func() time.Time

	mu        sync.Mutex
	next      Launch
	scores    []Score
	fail      int // score posts still to answer 503
	tokens    map[string]string
	members   []Member
	deepLinks []map[string]any
	tokenAsks int
	// registrations are the tool's dynamic registration requests.
	registrations []map[string]any
}

// RegistrationToken is what the platform expects on a dynamic
// registration.
const RegistrationToken = "reg-token-1"

// ConfigURL is the platform's OpenID configuration, for dynamic
// registration.
func (p *Platform) ConfigURL() string { return p.srv.URL + "/.well-known/openid-configuration" }

// Registrations returns the tool's dynamic registration requests.
func (p *Platform) Registrations() []map[string]any {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]map[string]any(nil), p.registrations...)
}

func (p *Platform) openIDConfig(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{
		"issuer": p.Issuer(), "authorization_endpoint": p.AuthURL(), "token_endpoint": p.TokenURL(), "jwks_uri": p.JWKSURL(),
		"registration_endpoint": p.srv.URL + "/register", "scopes_supported": []string{"openid"},
		"https://purl.imsglobal.org/spec/lti-platform-configuration": map[string]any{"product_family_code": "ltitest", "version": "1"},
	})
}

// register takes a dynamic registration: the client id is "dyn-" and
// the client's name; the deployment is "dyn-deployment".
func (p *Platform) register(w http.ResponseWriter, r *http.Request) {
	if r.Header.Get("Authorization") != "Bearer "+RegistrationToken {
		http.Error(w, "bad registration token", http.StatusUnauthorized)
		return
	}
	var body map[string]any
	if err := json.NewDecoder(io.LimitReader(r.Body, 1<<20)).Decode(&body); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	p.mu.Lock()
	p.registrations = append(p.registrations, body)
	p.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{
		"client_id": "dyn-client", "initiate_login_uri": body["initiate_login_uri"], "redirect_uris": body["redirect_uris"],
		"https://purl.imsglobal.org/spec/lti-tool-configuration": map[string]any{"deployment_id": "dyn-deployment"},
	})
}

// New starts a platform; it stops when the test ends.
func New(t testing.TB) *Platform {
	t.Helper()
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	p := &Platform{t: t, key: key, kid: "platform-key-1", ClientID: "playground-client", DeploymentID: "deployment-1", Now: time.Now, tokens: map[string]string{}}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /jwks", p.jwks)
	mux.HandleFunc("GET /auth", p.auth)
	mux.HandleFunc("POST /auth", p.auth)
	mux.HandleFunc("POST /token", p.token)
	mux.HandleFunc("POST /lineitems/{id}/lineitem/scores", p.score)
	mux.HandleFunc("GET /memberships", p.memberships)
	mux.HandleFunc("POST /deeplink/return", p.deepLinkReturn)
	mux.HandleFunc("GET /.well-known/openid-configuration", p.openIDConfig)
	mux.HandleFunc("POST /register", p.register)
	p.srv = httptest.NewServer(mux)
	t.Cleanup(p.srv.Close)
	return p
}

// Issuer, AuthURL, TokenURL and JWKSURL are what the tool registers.
func (p *Platform) Issuer() string   { return p.srv.URL }
func (p *Platform) AuthURL() string  { return p.srv.URL + "/auth" }
func (p *Platform) TokenURL() string { return p.srv.URL + "/token" }
func (p *Platform) JWKSURL() string  { return p.srv.URL + "/jwks" }

// LineItem is the URL of a line item, with Moodle's ?type_id= query.
func (p *Platform) LineItem(id string) string {
	return p.srv.URL + "/lineitems/" + id + "/lineitem?type_id=1"
}

// PrepareLaunch sets what the next authorisation request answers with.
func (p *Platform) PrepareLaunch(l Launch) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.next = l
}

// FailScores makes the next n score posts answer 503.
func (p *Platform) FailScores(n int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.fail = n
}

// SetMembers sets the course's members.
func (p *Platform) SetMembers(ms []Member) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.members = ms
}

// Scores returns the scores taken so far.
func (p *Platform) Scores() []Score {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]Score(nil), p.scores...)
}

// DeepLinks returns the verified claims of the deep linking responses
// taken so far.
func (p *Platform) DeepLinks() []map[string]any {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]map[string]any(nil), p.deepLinks...)
}

// TokenRequests is how many access tokens the platform gave.
func (p *Platform) TokenRequests() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.tokenAsks
}

func (p *Platform) jwks(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(jose.JSONWebKeySet{Keys: []jose.JSONWebKey{{Key: &p.key.PublicKey, KeyID: p.kid, Algorithm: "RS256", Use: "sig"}}})
}

// auth is the OIDC authorisation endpoint: it checks the tool's request
// and answers with the form that posts the launch to redirect_uri.
func (p *Platform) auth(w http.ResponseWriter, r *http.Request) {
	_ = r.ParseForm()
	q := r.Form
	for k, want := range map[string]string{"scope": "openid", "response_type": "id_token", "response_mode": "form_post", "prompt": "none", "client_id": p.ClientID} {
		if q.Get(k) != want {
			http.Error(w, fmt.Sprintf("%s must be %q, not %q", k, want, q.Get(k)), http.StatusBadRequest)
			return
		}
	}
	if q.Get("redirect_uri") == "" || q.Get("login_hint") == "" || q.Get("state") == "" || q.Get("nonce") == "" {
		http.Error(w, "redirect_uri, login_hint, state and nonce are required", http.StatusBadRequest)
		return
	}
	p.mu.Lock()
	l := p.next
	p.mu.Unlock()
	tok := p.IDToken(l, q.Get("nonce"), q.Get("redirect_uri"))
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	fmt.Fprintf(w, `<form method="post" action="%s"><input type="hidden" name="id_token" value="%s"><input type="hidden" name="state" value="%s"></form>`,
		html.EscapeString(q.Get("redirect_uri")), html.EscapeString(tok), html.EscapeString(q.Get("state")))
}

// IDToken signs the id_token of launch l with nonce.
func (p *Platform) IDToken(l Launch, nonce, redirect string) string {
	now := p.Now()
	mt := l.MessageType
	if mt == "" {
		mt = "LtiResourceLinkRequest"
	}
	c := map[string]any{
		"iss": p.Issuer(), "aud": p.ClientID, "sub": l.Sub, "iat": now.Unix(), "exp": now.Add(5 * time.Minute).Unix(), "nonce": nonce,
		"name": l.Name, "email": l.Email,
		"https://purl.imsglobal.org/spec/lti/claim/message_type":    mt,
		"https://purl.imsglobal.org/spec/lti/claim/version":         "1.3.0",
		"https://purl.imsglobal.org/spec/lti/claim/deployment_id":   p.DeploymentID,
		"https://purl.imsglobal.org/spec/lti/claim/target_link_uri": l.TargetLink,
		"https://purl.imsglobal.org/spec/lti/claim/roles":           l.Roles,
		"https://purl.imsglobal.org/spec/lti/claim/resource_link":   map[string]any{"id": "rl-1"},
	}
	if l.ContextID != "" {
		c["https://purl.imsglobal.org/spec/lti/claim/context"] = map[string]any{"id": l.ContextID, "title": l.ContextTitle}
	}
	if l.Custom != nil {
		c["https://purl.imsglobal.org/spec/lti/claim/custom"] = l.Custom
	}
	if l.Locale != "" {
		c["https://purl.imsglobal.org/spec/lti/claim/launch_presentation"] = map[string]any{"locale": l.Locale}
	}
	if l.LineItem != "" {
		c["https://purl.imsglobal.org/spec/lti-ags/claim/endpoint"] = map[string]any{
			"scope": []string{"https://purl.imsglobal.org/spec/lti-ags/scope/score"}, "lineitem": l.LineItem, "lineitems": p.srv.URL + "/lineitems"}
	}
	if l.NRPS {
		c["https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice"] = map[string]any{
			"context_memberships_url": p.srv.URL + "/memberships", "service_versions": []string{"2.0"}}
	}
	if mt == "LtiDeepLinkingRequest" {
		c["https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings"] = map[string]any{
			"deep_link_return_url": p.srv.URL + "/deeplink/return", "accept_types": []string{"ltiResourceLink"},
			"accept_multiple": true, "data": l.DeepLinkData}
	}
	if l.Mutate != nil {
		l.Mutate(c)
	}
	key := p.key
	if l.SignWith != nil {
		key = l.SignWith
	}
	return p.sign(key, c)
}

func (p *Platform) sign(key *rsa.PrivateKey, claims map[string]any) string {
	sig, err := jose.NewSigner(jose.SigningKey{Algorithm: jose.RS256, Key: jose.JSONWebKey{Key: key, KeyID: p.kid}}, (&jose.SignerOptions{}).WithType("JWT"))
	if err != nil {
		p.t.Fatal(err)
	}
	b, _ := json.Marshal(claims)
	obj, err := sig.Sign(b)
	if err != nil {
		p.t.Fatal(err)
	}
	s, _ := obj.CompactSerialize()
	return s
}

// toolClaims verifies a JWT the tool signed, with the tool's key set.
func (p *Platform) toolClaims(token string) (map[string]any, error) {
	tok, err := jwt.ParseSigned(token, []jose.SignatureAlgorithm{jose.RS256})
	if err != nil {
		return nil, err
	}
	resp, err := http.Get(p.ToolJWKS)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	var set jose.JSONWebKeySet
	if err := json.NewDecoder(resp.Body).Decode(&set); err != nil {
		return nil, err
	}
	keys := set.Key(tok.Headers[0].KeyID)
	if len(keys) == 0 {
		return nil, fmt.Errorf("no tool key %q", tok.Headers[0].KeyID)
	}
	var claims map[string]any
	if err := tok.Claims(keys[0].Key, &claims); err != nil {
		return nil, err
	}
	return claims, nil
}

// token is the token endpoint: client credentials with a JWT assertion.
func (p *Platform) token(w http.ResponseWriter, r *http.Request) {
	_ = r.ParseForm()
	if r.Form.Get("grant_type") != "client_credentials" || r.Form.Get("client_assertion_type") != "urn:ietf:params:oauth:client-assertion-type:jwt-bearer" {
		http.Error(w, `{"error":"unsupported_grant_type"}`, http.StatusBadRequest)
		return
	}
	c, err := p.toolClaims(r.Form.Get("client_assertion"))
	if err != nil || c["iss"] != p.ClientID || c["sub"] != p.ClientID || c["aud"] != p.TokenURL() || c["jti"] == nil {
		http.Error(w, fmt.Sprintf(`{"error":"invalid_client","detail":%q}`, fmt.Sprint(err, c)), http.StatusUnauthorized)
		return
	}
	tok := fmt.Sprintf("tok-%d", time.Now().UnixNano())
	p.mu.Lock()
	p.tokens[tok] = r.Form.Get("scope")
	p.tokenAsks++
	p.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{"access_token": tok, "token_type": "Bearer", "expires_in": 3600, "scope": r.Form.Get("scope")})
}

// allowed checks a request's bearer token for scope.
func (p *Platform) allowed(r *http.Request, scope string) bool {
	tok := strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
	p.mu.Lock()
	defer p.mu.Unlock()
	s, ok := p.tokens[tok]
	return ok && strings.Contains(" "+s+" ", " "+scope+" ")
}

func (p *Platform) score(w http.ResponseWriter, r *http.Request) {
	if !p.allowed(r, "https://purl.imsglobal.org/spec/lti-ags/scope/score") {
		http.Error(w, "no token with the score scope", http.StatusUnauthorized)
		return
	}
	if r.Header.Get("Content-Type") != "application/vnd.ims.lis.v1.score+json" {
		http.Error(w, "wrong content type "+r.Header.Get("Content-Type"), http.StatusUnsupportedMediaType)
		return
	}
	if r.URL.Query().Get("type_id") != "1" {
		http.Error(w, "the line item's query was lost", http.StatusNotFound)
		return
	}
	var body map[string]any
	if err := json.NewDecoder(io.LimitReader(r.Body, 1<<20)).Decode(&body); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.fail > 0 {
		p.fail--
		http.Error(w, "maintenance", http.StatusServiceUnavailable)
		return
	}
	p.scores = append(p.scores, Score{LineItem: r.URL.RequestURI(), Body: body})
	w.WriteHeader(http.StatusNoContent)
}

func (p *Platform) memberships(w http.ResponseWriter, r *http.Request) {
	if !p.allowed(r, "https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly") {
		http.Error(w, "no token with the membership scope", http.StatusUnauthorized)
		return
	}
	p.mu.Lock()
	var ms []map[string]any
	for _, m := range p.members {
		ms = append(ms, map[string]any{"user_id": m.UserID, "name": m.Name, "email": m.Email, "roles": m.Roles, "status": "Active"})
	}
	p.mu.Unlock()
	w.Header().Set("Content-Type", "application/vnd.ims.lti-nrps.v2.membershipcontainer+json")
	_ = json.NewEncoder(w).Encode(map[string]any{"id": r.URL.String(), "context": map[string]any{"id": "course-1"}, "members": ms})
}

func (p *Platform) deepLinkReturn(w http.ResponseWriter, r *http.Request) {
	_ = r.ParseForm()
	c, err := p.toolClaims(r.Form.Get("JWT"))
	if err != nil || c["iss"] != p.ClientID || c["aud"] != p.Issuer() {
		http.Error(w, fmt.Sprint("bad deep linking response: ", err, c), http.StatusBadRequest)
		return
	}
	p.mu.Lock()
	p.deepLinks = append(p.deepLinks, c)
	p.mu.Unlock()
	fmt.Fprintln(w, "content items received")
}

var formRe = regexp.MustCompile(`(?s)<form[^>]*action="([^"]*)"(.*?)</form>`)
var inputRe = regexp.MustCompile(`<input[^>]*name="([^"]*)"[^>]*value="([^"]*)"`)

// ParseForm reads the first form of an HTML page: its action and its
// hidden fields (the auto-posting forms of a launch or a deep link).
func ParseForm(page string) (action string, fields url.Values, ok bool) {
	m := formRe.FindStringSubmatch(page)
	if m == nil {
		return "", nil, false
	}
	fields = url.Values{}
	for _, in := range inputRe.FindAllStringSubmatch(m[2], -1) {
		fields.Add(html.UnescapeString(in[1]), html.UnescapeString(in[2]))
	}
	return html.UnescapeString(m[1]), fields, true
}

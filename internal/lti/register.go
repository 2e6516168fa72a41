package lti

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/mcpplayground/playground/internal/store"
)

// ToolURLs are the playground's addresses an LMS is given.
type ToolURLs struct {
	Base, Login, Launch, JWKS string
}

// URLsAt returns the tool's URLs below base ("https://host").
func URLsAt(base string) ToolURLs {
	base = strings.TrimRight(base, "/")
	return ToolURLs{Base: base + "/", Login: base + "/lti/login", Launch: base + "/lti/launch", JWKS: base + "/lti/jwks"}
}

// platformConfig is the part of a platform's OpenID configuration that
// LTI Dynamic Registration 1.0 needs.
type platformConfig struct {
	Issuer      string `json:"issuer"`
	AuthURL     string `json:"authorization_endpoint"`
	TokenURL    string `json:"token_endpoint"`
	JWKSURL     string `json:"jwks_uri"`
	RegisterURL string `json:"registration_endpoint"`
	LTIPlatform struct {
		Product string `json:"product_family_code"`
	} `json:"https://purl.imsglobal.org/spec/lti-platform-configuration"`
}

// Register performs LTI Dynamic Registration: it reads the platform's
// OpenID configuration at configURL (whose issuer must be its prefix),
// registers the tool at the platform's registration endpoint with the
// one-time token, and saves the platform with the client id and
// deployment the platform answers.
func (s *Service) Register(ctx context.Context, configURL, regToken string, tool ToolURLs, name string) (store.LTIPlatform, error) {
	u, err := url.Parse(configURL)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || len(configURL) > maxParam {
		return store.LTIPlatform{}, refuse(http.StatusBadRequest, "openid_configuration must be an http(s) URL")
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, configURL, nil)
	if err != nil {
		return store.LTIPlatform{}, err
	}
	req.Header.Set("Accept", "application/json")
	var pc platformConfig
	if err := s.do(req, &pc); err != nil {
		return store.LTIPlatform{}, refuse(http.StatusBadGateway, "the platform's configuration cannot be read: %v", err)
	}
	if pc.Issuer == "" || !strings.HasPrefix(configURL, strings.TrimRight(pc.Issuer, "/")) {
		return store.LTIPlatform{}, refuse(http.StatusBadRequest, "the configuration's issuer %q does not start its URL", pc.Issuer)
	}
	for _, v := range []string{pc.AuthURL, pc.TokenURL, pc.JWKSURL, pc.RegisterURL} {
		if pu, err := url.Parse(v); err != nil || (pu.Scheme != "https" && pu.Scheme != "http") || pu.Host == "" {
			return store.LTIPlatform{}, refuse(http.StatusBadRequest, "the platform's configuration lacks an endpoint (%q)", v)
		}
	}
	reply, err := s.postRegistration(ctx, pc.RegisterURL, regToken, tool, name)
	if err != nil {
		return store.LTIPlatform{}, refuse(http.StatusBadGateway, "the platform refused the registration: %v", err)
	}
	p := store.LTIPlatform{Issuer: pc.Issuer, ClientID: reply.ClientID, AuthURL: pc.AuthURL, TokenURL: pc.TokenURL, JWKSURL: pc.JWKSURL}
	if d := reply.Tool.DeploymentID; d != "" {
		p.Deployments = []string{d}
	}
	if p.ClientID == "" {
		return store.LTIPlatform{}, refuse(http.StatusBadGateway, "the platform's registration answer has no client_id")
	}
	if err := s.EnsureKey(ctx); err != nil {
		return store.LTIPlatform{}, err
	}
	return s.store.SaveLTIPlatform(ctx, p)
}

type registrationReply struct {
	ClientID string `json:"client_id"`
	Tool     struct {
		DeploymentID string `json:"deployment_id"`
	} `json:"https://purl.imsglobal.org/spec/lti-tool-configuration"`
}

func (s *Service) postRegistration(ctx context.Context, endpoint, token string, tool ToolURLs, name string) (registrationReply, error) {
	host := ""
	if u, err := url.Parse(tool.Base); err == nil {
		host = u.Host
	}
	body, err := json.Marshal(map[string]any{
		"application_type":           "web",
		"response_types":             []string{"id_token"},
		"grant_types":                []string{"implicit", "client_credentials"},
		"initiate_login_uri":         tool.Login,
		"redirect_uris":              []string{tool.Launch},
		"client_name":                name,
		"jwks_uri":                   tool.JWKS,
		"token_endpoint_auth_method": "private_key_jwt",
		"scope":                      strings.Join([]string{ScopeScore, ScopeLineItem, ScopeMemberships}, " "),
		"https://purl.imsglobal.org/spec/lti-tool-configuration": map[string]any{
			"domain": host, "target_link_uri": tool.Base, "claims": []string{"iss", "sub", "name", "email", "given_name", "family_name"},
			"messages": []map[string]any{
				{"type": MessageResourceLink, "target_link_uri": tool.Base},
				{"type": MessageDeepLinking, "target_link_uri": tool.Launch, "label": name, "placements": []string{"ContentArea", "link_selection", "assignment_selection"}},
			},
		},
	})
	if err != nil {
		return registrationReply{}, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, endpoint, bytes.NewReader(body))
	if err != nil {
		return registrationReply{}, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	var reply registrationReply
	if err := s.do(req, &reply); err != nil {
		return registrationReply{}, fmt.Errorf("register at %s: %w", endpoint, err)
	}
	return reply, nil
}

// ValidatePlatform says what is missing or malformed in a registration
// typed by a person (the CLI, the instructor page).
func ValidatePlatform(p store.LTIPlatform) error {
	if p.Issuer == "" || p.ClientID == "" || len(p.Deployments) == 0 {
		return fmt.Errorf("the issuer, the client id and a deployment id are required")
	}
	for _, f := range []struct{ name, v string }{
		{"the issuer", p.Issuer}, {"the authentication URL", p.AuthURL}, {"the token URL", p.TokenURL}, {"the keyset URL", p.JWKSURL},
	} {
		u, err := url.Parse(f.v)
		if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || len(f.v) > maxParam {
			return fmt.Errorf("%s must be an http(s) URL, not %q", f.name, f.v)
		}
	}
	for _, v := range append([]string{p.ClientID}, p.Deployments...) {
		if len(v) > 255 {
			return fmt.Errorf("a client id or deployment id is longer than 255 bytes")
		}
	}
	return nil
}

// SplitDeployments reads "1, 2" as the deployments 1 and 2.
func SplitDeployments(s string) []string {
	var out []string
	for _, d := range strings.Split(s, ",") {
		if d = strings.TrimSpace(d); d != "" {
			out = append(out, d)
		}
	}
	return out
}

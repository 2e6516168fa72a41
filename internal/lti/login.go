package lti

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"net/http"
	"net/url"

	"github.com/mcpplayground/playground/internal/store"
)

// LoginRequest is an OIDC third-party initiated login (the platform's GET
// or POST to the login URL).
type LoginRequest struct {
	Issuer        string
	LoginHint     string
	MessageHint   string
	TargetLinkURI string
	ClientID      string
	DeploymentID  string
}

// Login is the answer to a login request: where to send the browser, and
// the state and nonce the browser must bring back.
type Login struct {
	RedirectURL string
	State       string
	Nonce       string
}

// maxParam bounds each login parameter.
const maxParam = 2048

// StartLogin checks a login request against the registered platforms and
// returns the platform's authorisation URL, with a fresh state and nonce,
// for the launch to come back to redirectURI.
func (s *Service) StartLogin(ctx context.Context, r LoginRequest, redirectURI string) (Login, error) {
	for _, v := range []string{r.Issuer, r.LoginHint, r.MessageHint, r.TargetLinkURI, r.ClientID, r.DeploymentID} {
		if len(v) > maxParam {
			return Login{}, refuse(http.StatusBadRequest, "a login parameter is longer than %d bytes", maxParam)
		}
	}
	if r.Issuer == "" || r.LoginHint == "" {
		return Login{}, refuse(http.StatusBadRequest, "the login request needs iss and login_hint")
	}
	p, err := s.store.LTIPlatformFor(ctx, r.Issuer, r.ClientID)
	switch {
	case errors.Is(err, store.ErrNotFound):
		return Login{}, refuse(http.StatusBadRequest, "no platform is registered with issuer %q and client id %q", r.Issuer, r.ClientID)
	case errors.Is(err, store.ErrAmbiguousPlatform):
		return Login{}, refuse(http.StatusBadRequest, "several platforms have issuer %q: the login request needs client_id", r.Issuer)
	case err != nil:
		return Login{}, err
	}
	u, err := url.Parse(p.AuthURL)
	if err != nil {
		return Login{}, err
	}
	l := Login{State: random(), Nonce: random()}
	q := u.Query()
	for k, v := range map[string]string{
		"scope": "openid", "response_type": "id_token", "response_mode": "form_post", "prompt": "none",
		"client_id": p.ClientID, "redirect_uri": redirectURI, "login_hint": r.LoginHint,
		"state": l.State, "nonce": l.Nonce,
	} {
		q.Set(k, v)
	}
	if r.MessageHint != "" {
		q.Set("lti_message_hint", r.MessageHint)
	}
	u.RawQuery = q.Encode()
	l.RedirectURL = u.String()
	return l, nil
}

// random is 128 random bits, URL-safe.
func random() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

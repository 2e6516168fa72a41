package lti

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/mcpplayground/playground/internal/store"
)

// maxReplyBytes bounds what the tool reads of a platform's answer.
const maxReplyBytes = 1 << 20

// tokenCache keeps each platform's access tokens, by platform and scope,
// until a minute before they expire.
type tokenCache struct {
	mu sync.Mutex
	m  map[string]cachedToken
}

type cachedToken struct {
	token string
	until time.Time
}

func newTokenCache() *tokenCache { return &tokenCache{m: map[string]cachedToken{}} }

// accessToken returns a token of p for scope: client credentials with a
// JWT client assertion signed by the tool's key (IMS Security Framework
// 4.1).
func (s *Service) accessToken(ctx context.Context, p store.LTIPlatform, scope string) (string, error) {
	key := strconv.FormatInt(p.ID, 10) + " " + scope
	now := s.clock.Now()
	s.tokens.mu.Lock()
	t, ok := s.tokens.m[key]
	s.tokens.mu.Unlock()
	if ok && now.Before(t.until) {
		return t.token, nil
	}
	assertion, err := s.sign(ctx, map[string]any{
		"iss": p.ClientID, "sub": p.ClientID, "aud": p.TokenURL,
		"iat": now.Unix(), "exp": now.Add(5 * time.Minute).Unix(), "jti": random(),
	})
	if err != nil {
		return "", err
	}
	form := url.Values{
		"grant_type":            {"client_credentials"},
		"client_assertion_type": {"urn:ietf:params:oauth:client-assertion-type:jwt-bearer"},
		"client_assertion":      {assertion},
		"scope":                 {scope},
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, p.TokenURL, strings.NewReader(form.Encode()))
	if err != nil {
		return "", fmt.Errorf("token request: %w", err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Accept", "application/json")
	var reply struct {
		AccessToken string `json:"access_token"`
		ExpiresIn   int64  `json:"expires_in"`
	}
	if err := s.do(req, &reply); err != nil {
		return "", fmt.Errorf("token from %s: %w", p.TokenURL, err)
	}
	if reply.AccessToken == "" {
		return "", fmt.Errorf("token from %s: no access_token", p.TokenURL)
	}
	life := time.Duration(max(reply.ExpiresIn, 60)) * time.Second
	s.tokens.mu.Lock()
	s.tokens.m[key] = cachedToken{token: reply.AccessToken, until: now.Add(life - 30*time.Second)}
	s.tokens.mu.Unlock()
	return reply.AccessToken, nil
}

// forgetToken drops a token the platform refused.
func (s *Service) forgetToken(p store.LTIPlatform, scope string) {
	s.tokens.mu.Lock()
	delete(s.tokens.m, strconv.FormatInt(p.ID, 10)+" "+scope)
	s.tokens.mu.Unlock()
}

// StatusError is a platform's answer other than 2xx.
type StatusError struct {
	Status int
	Body   string
}

func (e *StatusError) Error() string {
	return fmt.Sprintf("status %d: %s", e.Status, e.Body)
}

// do sends req and decodes a 2xx JSON answer into out (when not nil).
func (s *Service) do(req *http.Request, out any) error {
	_, err := s.doH(req, out)
	return err
}

// doH is do that also returns the answer's headers.
func (s *Service) doH(req *http.Request, out any) (http.Header, error) {
	resp, err := s.http.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, maxReplyBytes))
	if err != nil {
		return nil, err
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return nil, &StatusError{Status: resp.StatusCode, Body: strings.TrimSpace(string(b[:min(len(b), 200)]))}
	}
	if out == nil {
		return resp.Header, nil
	}
	if err := json.Unmarshal(b, out); err != nil {
		return nil, fmt.Errorf("read the answer: %w", err)
	}
	return resp.Header, nil
}

package lti

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/go-jose/go-jose/v4"
	"github.com/go-jose/go-jose/v4/jwt"

	"github.com/mcpplayground/playground/internal/store"
)

// Refusal is a launch or login the tool refuses: Status is the HTTP status
// to answer (4xx) and Reason says why, for the person who sees the page.
type Refusal struct {
	Status int
	Reason string
}

func (r *Refusal) Error() string { return r.Reason }

func refuse(status int, format string, args ...any) error {
	return &Refusal{Status: status, Reason: fmt.Sprintf(format, args...)}
}

// leeway is the clock skew tolerated between the platform and the tool.
const leeway = time.Minute

// maxTokenBytes bounds an id_token.
const maxTokenBytes = 64 << 10

// Launch is what a verified id_token says.
type Launch struct {
	Platform     store.LTIPlatform
	MessageType  string
	DeploymentID string
	Sub          string
	Name         string
	Email        string
	Roles        []string
	TargetLink   string
	Context      Context
	ResourceLink struct {
		ID    string `json:"id"`
		Title string `json:"title"`
	}
	Custom map[string]string
	// Locale is the launch_presentation's locale ("fr-FR"), if any.
	Locale     string
	AGS        *AGSClaim
	NRPS       *NRPSClaim
	DeepLink   *DeepLinkSettings
	Expires    time.Time
	Nonce      string
	rawMessage map[string]json.RawMessage
}

// Context is a launch's course.
type Context struct {
	ID    string `json:"id"`
	Label string `json:"label"`
	Title string `json:"title"`
}

// AGSClaim is the Assignment and Grade Services claim.
type AGSClaim struct {
	Scope     []string `json:"scope"`
	LineItems string   `json:"lineitems"`
	LineItem  string   `json:"lineitem"`
}

// NRPSClaim is the Names and Role Provisioning Services claim.
type NRPSClaim struct {
	MembershipsURL  string   `json:"context_memberships_url"`
	ServiceVersions []string `json:"service_versions"`
}

// DeepLinkSettings is a deep linking request's settings claim.
type DeepLinkSettings struct {
	ReturnURL   string   `json:"deep_link_return_url"`
	AcceptTypes []string `json:"accept_types"`
	Multiple    bool     `json:"accept_multiple"`
	Data        string   `json:"data"`
	Title       string   `json:"title"`
}

// Instructor reports whether the launch's roles make the person a teacher
// of the course: an Instructor or an Administrator of the context or the
// institution (LIS role vocabularies, full or short form).
func (l Launch) Instructor() bool {
	for _, r := range l.Roles {
		_, name, ok := strings.Cut(r, "#")
		if !ok {
			name = r
		}
		if name == "Instructor" || name == "Administrator" || name == "ContentDeveloper" || name == "TeachingAssistant" {
			return true
		}
	}
	return false
}

// VerifyLaunch checks an id_token posted to the launch URL: the
// signature against the platform's key set, the issuer, the audience
// (and azp), the times, the nonce the browser's state cookie holds (and
// that it was never used before), a deployment the platform registered,
// the message type and the LTI version. Any failure is a *Refusal.
func (s *Service) VerifyLaunch(ctx context.Context, idToken, nonce string) (Launch, error) {
	if idToken == "" || len(idToken) > maxTokenBytes {
		return Launch{}, refuse(http.StatusBadRequest, "the launch has no id_token, or one too large")
	}
	tok, err := jwt.ParseSigned(idToken, []jose.SignatureAlgorithm{jose.RS256, jose.RS384, jose.RS512, jose.ES256, jose.PS256})
	if err != nil {
		return Launch{}, refuse(http.StatusBadRequest, "the id_token is not a signed JWT: %v", err)
	}
	var unverified jwt.Claims
	var azp struct {
		AZP string `json:"azp"`
	}
	if err := tok.UnsafeClaimsWithoutVerification(&unverified, &azp); err != nil {
		return Launch{}, refuse(http.StatusBadRequest, "the id_token's claims cannot be read: %v", err)
	}
	p, err := s.platformOf(ctx, unverified.Issuer, unverified.Audience, azp.AZP)
	if err != nil {
		return Launch{}, err
	}
	key, err := s.jwks.key(ctx, p.JWKSURL, tok.Headers[0].KeyID)
	if err != nil {
		return Launch{}, refuse(http.StatusUnauthorized, "the id_token's key cannot be found: %v", err)
	}
	var std jwt.Claims
	raw := map[string]json.RawMessage{}
	if err := tok.Claims(key.Key, &std, &raw); err != nil {
		return Launch{}, refuse(http.StatusUnauthorized, "the id_token's signature does not verify with the platform's key")
	}
	if err := checkStandard(std, azp.AZP, p, s.clock.Now()); err != nil {
		return Launch{}, err
	}
	l, err := readLaunch(raw)
	if err != nil {
		return Launch{}, err
	}
	l.Platform, l.Sub, l.Expires = p, std.Subject, std.Expiry.Time()
	if err := checkLTI(l, nonce); err != nil {
		return Launch{}, err
	}
	if err := s.store.UseLTINonce(ctx, l.Nonce, l.Expires.Add(leeway)); errors.Is(err, store.ErrNonceUsed) {
		return Launch{}, refuse(http.StatusUnauthorized, "this launch was already used (its nonce was seen before)")
	} else if err != nil {
		return Launch{}, err
	}
	return l, nil
}

// platformOf finds the registered platform of an issuer and audience.
func (s *Service) platformOf(ctx context.Context, iss string, aud jwt.Audience, azp string) (store.LTIPlatform, error) {
	candidates := []string(aud)
	if azp != "" {
		candidates = []string{azp}
	}
	for _, cid := range candidates {
		p, err := s.store.LTIPlatformFor(ctx, iss, cid)
		if err == nil {
			return p, nil
		}
		if !errors.Is(err, store.ErrNotFound) {
			return store.LTIPlatform{}, err
		}
	}
	return store.LTIPlatform{}, refuse(http.StatusUnauthorized, "no platform is registered with issuer %q and client id %q", iss, strings.Join(candidates, " "))
}

func checkStandard(c jwt.Claims, azp string, p store.LTIPlatform, now time.Time) error {
	if c.Expiry == nil || c.IssuedAt == nil {
		return refuse(http.StatusUnauthorized, "the id_token lacks exp or iat")
	}
	err := c.ValidateWithLeeway(jwt.Expected{Issuer: p.Issuer, AnyAudience: jwt.Audience{p.ClientID}, Time: now}, leeway)
	switch {
	case errors.Is(err, jwt.ErrExpired):
		return refuse(http.StatusUnauthorized, "the id_token has expired")
	case errors.Is(err, jwt.ErrIssuedInTheFuture):
		return refuse(http.StatusUnauthorized, "the id_token was issued in the future")
	case err != nil:
		return refuse(http.StatusUnauthorized, "the id_token is not for this tool: %v", err)
	}
	if c.Expiry.Time().Sub(c.IssuedAt.Time()) > 24*time.Hour {
		return refuse(http.StatusUnauthorized, "the id_token lives longer than a day")
	}
	if (len(c.Audience) > 1 || azp != "") && azp != p.ClientID {
		return refuse(http.StatusUnauthorized, "the id_token's azp is not this tool's client id")
	}
	if c.Subject == "" {
		return refuse(http.StatusUnauthorized, "the id_token names no user (sub)")
	}
	return nil
}

func checkLTI(l Launch, nonce string) error {
	switch {
	case l.Nonce == "" || nonce == "" || l.Nonce != nonce:
		return refuse(http.StatusUnauthorized, "the id_token's nonce is not the one this browser's login asked for")
	case !slices.Contains(l.Platform.Deployments, l.DeploymentID):
		return refuse(http.StatusForbidden, "deployment %q is not registered for this platform", l.DeploymentID)
	case l.MessageType != MessageResourceLink && l.MessageType != MessageDeepLinking:
		return refuse(http.StatusBadRequest, "message type %q is not one this tool takes", l.MessageType)
	case l.MessageType == MessageDeepLinking && (l.DeepLink == nil || l.DeepLink.ReturnURL == ""):
		return refuse(http.StatusBadRequest, "the deep linking request has no return URL")
	}
	return nil
}

// readLaunch reads the LTI claims of a verified token.
func readLaunch(raw map[string]json.RawMessage) (Launch, error) {
	l := Launch{rawMessage: raw}
	var version string
	var custom map[string]any
	fields := []struct {
		name string
		into any
	}{
		{"nonce", &l.Nonce}, {"name", &l.Name}, {"email", &l.Email},
		{ClaimMessageType, &l.MessageType}, {ClaimVersion, &version}, {ClaimDeploymentID, &l.DeploymentID},
		{ClaimTargetLink, &l.TargetLink}, {ClaimRoles, &l.Roles}, {ClaimContext, &l.Context},
		{ClaimResourceLink, &l.ResourceLink}, {ClaimCustom, &custom},
		{ClaimAGS, &l.AGS}, {ClaimNRPS, &l.NRPS}, {ClaimDLSettings, &l.DeepLink},
	}
	for _, f := range fields {
		v, ok := raw[f.name]
		if !ok {
			continue
		}
		if err := json.Unmarshal(v, f.into); err != nil {
			return Launch{}, refuse(http.StatusBadRequest, "the id_token's claim %s is malformed: %v", f.name, err)
		}
	}
	if version != "1.3.0" {
		return Launch{}, refuse(http.StatusBadRequest, "LTI version %q is not 1.3.0", version)
	}
	var pres struct {
		Locale string `json:"locale"`
	}
	_ = json.Unmarshal(raw[claimPrefix+"launch_presentation"], &pres)
	l.Locale = pres.Locale
	l.Custom = map[string]string{}
	for k, v := range custom {
		l.Custom[k] = fmt.Sprint(v)
	}
	if l.Name == "" {
		var given, family string
		_ = json.Unmarshal(raw["given_name"], &given)
		_ = json.Unmarshal(raw["family_name"], &family)
		l.Name = strings.TrimSpace(given + " " + family)
	}
	return l, nil
}

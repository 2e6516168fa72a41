// Package lti is the playground's side of LTI 1.3 Advantage: the tool's
// signing keys (generated once, kept in the database, published as a JWK
// set, rotated), the OIDC third-party initiated login and the launch's
// id_token checks (signature against the platform's key set, issuer,
// audience, times, a single-use nonce, a known deployment), the
// Assignment and Grade Services (a token by client credentials with a JWT
// client assertion, scores posted from a durable outbox and retried),
// the Names and Role Provisioning Services (a course's members) and Deep
// Linking (a signed LtiDeepLinkingResponse).
//
// It knows HTTP only as a client of the platform; the playground's routes
// are web's, which call Service.
package lti

import (
	"log/slog"
	"net/http"
	"sync"
	"time"

	"github.com/mcpplayground/playground/internal/store"
)

// Claim names of LTI 1.3 (IMS LTI Core 1.3, AGS, NRPS, Deep Linking 2.0).
const (
	claimPrefix       = "https://purl.imsglobal.org/spec/lti/claim/"
	ClaimMessageType  = claimPrefix + "message_type"
	ClaimVersion      = claimPrefix + "version"
	ClaimDeploymentID = claimPrefix + "deployment_id"
	ClaimTargetLink   = claimPrefix + "target_link_uri"
	ClaimRoles        = claimPrefix + "roles"
	ClaimContext      = claimPrefix + "context"
	ClaimResourceLink = claimPrefix + "resource_link"
	ClaimCustom       = claimPrefix + "custom"
	ClaimAGS          = "https://purl.imsglobal.org/spec/lti-ags/claim/endpoint"
	ClaimNRPS         = "https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice"
	ClaimDLSettings   = "https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings"
	ClaimDLData       = "https://purl.imsglobal.org/spec/lti-dl/claim/data"
	ClaimDLItems      = "https://purl.imsglobal.org/spec/lti-dl/claim/content_items"
	ClaimDLMsg        = "https://purl.imsglobal.org/spec/lti-dl/claim/msg"

	MessageResourceLink   = "LtiResourceLinkRequest"
	MessageDeepLinking    = "LtiDeepLinkingRequest"
	MessageDeepLinkingRes = "LtiDeepLinkingResponse"

	ScopeScore       = "https://purl.imsglobal.org/spec/lti-ags/scope/score"
	ScopeLineItem    = "https://purl.imsglobal.org/spec/lti-ags/scope/lineitem"
	ScopeMemberships = "https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly"

	// ScoreType is the media type of an AGS score.
	ScoreType = "application/vnd.ims.lis.v1.score+json"
	// MembershipType is the media type of an NRPS membership container.
	MembershipType = "application/vnd.ims.lti-nrps.v2.membershipcontainer+json"
)

// Clock tells the time (web.Clock has the same method).
type Clock interface{ Now() time.Time }

type systemClock struct{}

func (systemClock) Now() time.Time { return time.Now() }

// Config is what a Service needs besides the store.
type Config struct {
	// HTTP is the client that talks to platforms (default: one with a
	// 15-second timeout).
	HTTP *http.Client
	// Clock tells the time (default: the system's).
	Clock  Clock
	Logger *slog.Logger
	// KeepKeys is how many of the tool's keys stay published after a
	// rotation (default 2: the new one and the one before).
	KeepKeys int
}

// Service is the LTI side of the playground. It is safe for concurrent use.
type Service struct {
	store  *store.Store
	http   *http.Client
	clock  Clock
	log    *slog.Logger
	keep   int
	keysMu sync.Mutex // held while the first key is made

	jwks   *keySetCache
	tokens *tokenCache
	wake   chan struct{}
}

// New returns a Service on st.
func New(st *store.Store, cfg Config) *Service {
	if cfg.HTTP == nil {
		cfg.HTTP = &http.Client{Timeout: 15 * time.Second}
	}
	if cfg.Clock == nil {
		cfg.Clock = systemClock{}
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.KeepKeys < 1 {
		cfg.KeepKeys = 2
	}
	s := &Service{store: st, http: cfg.HTTP, clock: cfg.Clock, log: cfg.Logger, keep: cfg.KeepKeys, wake: make(chan struct{}, 1)}
	s.jwks = newKeySetCache(s)
	s.tokens = newTokenCache()
	return s
}

// Store is the service's store.
func (s *Service) Store() *store.Store { return s.store }

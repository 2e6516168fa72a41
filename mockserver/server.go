package mockserver

import (
	"encoding/json"
	"log/slog"
	"slices"
	"time"

	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/i18n"
)

// Protocol revisions the server speaks.
const (
	Rev20250618 = grader.Rev20250618
	Rev20251125 = grader.Rev20251125
	Rev20260728 = grader.Rev20260728
)

// legacyRevisions are the revisions negotiated by initialize, newest first:
// the course's revisions with a handshake (grader's revision table).
var legacyRevisions = spokenRevisions(true)

// supportedRevisions is what an UnsupportedProtocolVersionError lists: every
// revision the server speaks, newest first.
var supportedRevisions = spokenRevisions(false)

// spokenRevisions lists the course's revisions of the revision table, newest
// first; with handshake only those negotiated by initialize.
func spokenRevisions(handshake bool) []string {
	var out []string
	for _, r := range slices.Backward(grader.RevisionTable()) {
		if r.Course && (r.Handshake || !handshake) {
			out = append(out, r.Name)
		}
	}
	return out
}

// Clock tells the time and waits; tests replace it to drive the slow tool.
type Clock interface {
	Now() time.Time
	After(d time.Duration) <-chan time.Time
}

type realClock struct{}

func (realClock) Now() time.Time                         { return time.Now() }
func (realClock) After(d time.Duration) <-chan time.Time { return time.After(d) }

// Fixture sets.
const (
	// FixturesConformance adds the tools, resources and prompts that the
	// official conformance suite calls by name (test_simple_text, …).
	FixturesConformance = "conformance"
)

// Config tunes a Server. The zero value is usable.
type Config struct {
	// Fixtures is "" (the gift server alone) or FixturesConformance.
	Fixtures string
	// Clock paces the slow tool; nil is the real clock.
	Clock Clock
	// Logger receives operational logs; nil discards them.
	Logger *slog.Logger
	// ProgressInterval is the pause between two steps of prepare_delivery
	// (default 500ms).
	ProgressInterval time.Duration
	// ClientRequestTimeout bounds how long the server waits for the client's
	// answer to one of its requests (default 10 minutes: learners type).
	ClientRequestTimeout time.Duration
	// Lang is the language of the checker's diagnostics in error.data for
	// sessions that do not choose one (default i18n.EN).
	Lang i18n.Lang
	// PageSize is the default page size of the list methods; 0 means one page.
	// A request can ask for smaller pages with params._meta["mcpplayground/pageSize"].
	PageSize int
	// Mistake makes the server commit one typical server mistake on purpose
	// (mistakes.go); "" follows the specification.
	Mistake Mistake
	// StateKey is the key that seals the requestState of 2026-07-28
	// input_required results (request_state.go). Empty: New draws 32
	// random bytes, so a state is good only on this Server. Instances
	// behind one proxy must share it: serve reads it from the database.
	StateKey []byte
}

// Server is the gift MCP server: immutable definitions shared by all sessions.
type Server struct {
	cfg   Config
	log   *slog.Logger
	tools []*tool
	// toolJSON holds each tool's definition, encoded once.
	toolJSON        map[string]json.RawMessage
	toolJSONFR      map[string]json.RawMessage // the same in French (french.go)
	resources       []resourceDef
	templates       []templateDef
	prompts         []promptDef
	serverInfo      implementation
	instructions    string
	capabilitiesRaw json.RawMessage
	// stateKey seals requestState (Config.StateKey, or drawn by New).
	stateKey []byte
}

type implementation struct {
	Name    string `json:"name"`
	Title   string `json:"title,omitempty"`
	Version string `json:"version"`
}

// Version is the server's version in serverInfo.
const Version = "1.0.0"

// New builds a Server.
func New(cfg Config) *Server {
	if cfg.Clock == nil {
		cfg.Clock = realClock{}
	}
	if cfg.ProgressInterval <= 0 {
		cfg.ProgressInterval = 500 * time.Millisecond
	}
	if cfg.ClientRequestTimeout <= 0 {
		cfg.ClientRequestTimeout = 10 * time.Minute
	}
	if cfg.Lang == "" {
		cfg.Lang = i18n.EN
	}
	log := cfg.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	s := &Server{
		cfg:          cfg,
		log:          log,
		serverInfo:   implementation{Name: "gift-server", Title: "Gift ideas server", Version: Version},
		instructions: "Call suggest_gifts with an occasion, a budget and a recipient.",
	}
	s.stateKey = slices.Clone(cfg.StateKey)
	if len(s.stateKey) == 0 {
		s.stateKey = newStateKey()
	}
	s.tools = giftTools()
	s.resources = giftResources()
	s.templates = giftTemplates()
	s.prompts = giftPrompts()
	if cfg.Fixtures == FixturesConformance {
		s.tools = append(s.tools, conformanceTools()...)
		s.resources = append(s.resources, conformanceResources()...)
		s.templates = append(s.templates, conformanceTemplates()...)
		s.prompts = append(s.prompts, conformancePrompts()...)
	}
	s.toolJSON = make(map[string]json.RawMessage, len(s.tools))
	s.toolJSONFR = make(map[string]json.RawMessage, len(s.tools))
	for _, t := range s.tools {
		s.toolJSON[t.name] = marshal(t.definition())
		s.toolJSONFR[t.name] = marshal(frenchTool(t).definition())
	}
	// As the lifecycle lesson shows them, in its order, plus what the lesson
	// leaves out: resource subscriptions and completions.
	s.capabilitiesRaw = json.RawMessage(`{"tools":{"listChanged":true},"resources":{"subscribe":true},"prompts":{},"logging":{},"completions":{}}`)
	s.applyDefinitionMistakes()
	return s
}

// findTool returns the tool with that name (nil when none).
func (s *Server) findTool(name string) *tool {
	for _, t := range s.tools {
		if t.name == name {
			return t
		}
	}
	return nil
}

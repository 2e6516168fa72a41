package mockserver

import (
	"context"
	"fmt"
	"github.com/mcpplayground/playground/internal/grader"
	"slices"
	"strings"
)

// resourceContents is one entry of a resources/read result: text or blob.
type resourceContents struct {
	URI      string `json:"uri"`
	MimeType string `json:"mimeType,omitempty"`
	Text     string `json:"text,omitempty"`
	Blob     string `json:"blob,omitempty"`
}

// resourceDef is a concrete resource listed by resources/list.
type resourceDef struct {
	URI         string `json:"uri"`
	Name        string `json:"name"`
	Title       string `json:"title,omitempty"`
	Description string `json:"description,omitempty"`
	MimeType    string `json:"mimeType,omitempty"`
	read        func() []resourceContents
}

// templateDef is a resource template listed by resources/templates/list.
type templateDef struct {
	URITemplate string `json:"uriTemplate"`
	Name        string `json:"name"`
	Title       string `json:"title,omitempty"`
	Description string `json:"description,omitempty"`
	MimeType    string `json:"mimeType,omitempty"`
	// read returns the contents for a URI that matches, or false.
	read func(uri string) ([]resourceContents, bool)
	// complete proposes values for a template variable.
	complete func(arg, prefix string) []string
}

// CatalogURI is the URI of the whole gift catalogue.
const CatalogURI = "gift://catalog"

// catalogJSON is the text of gift://catalog: every gift with its name, price
// and category, shelf by shelf.
func catalogJSON() string {
	gifts := make([]giftSummary, len(catalogue))
	for i, g := range catalogue {
		gifts[i] = giftSummary{g.Name, g.Price, g.Category}
	}
	return string(marshal(giftList{gifts}))
}

// wrappingStyles are what unlock_gift_wrapping adds to the catalogue.
var wrappingStyles = []string{"classic", "kraft", "festive"}

// catalogWithWrappingJSON is gift://catalog once gift wrapping is unlocked
// in the session: the same gifts, and the wrapping styles.
func catalogWithWrappingJSON() string {
	gifts := make([]giftSummary, len(catalogue))
	for i, g := range catalogue {
		gifts[i] = giftSummary{g.Name, g.Price, g.Category}
	}
	return string(marshal(struct {
		Gifts    []giftSummary `json:"gifts"`
		Wrapping []string      `json:"wrapping"`
	}{gifts, wrappingStyles}))
}

// resourceUpdated sends notifications/resources/updated for uri when the
// client subscribed to it (resources/subscribe), on the stream of the
// request that changed it.
func (s *Session) resourceUpdated(uri, related string) {
	s.mu.Lock()
	_, subscribed := s.subs[uri]
	s.mu.Unlock()
	if !subscribed {
		return
	}
	s.emit(Outbound{Raw: notification("notifications/resources/updated", map[string]any{"uri": uri}), Kind: grader.KindNotification, Method: "notifications/resources/updated", Related: related})
}

// categoryJSON is the text of gift://catalog/{category}: the category, then
// its gifts with their name and price.
func categoryJSON(category string) string {
	type item struct {
		Name  string  `json:"name"`
		Price float64 `json:"price"`
	}
	gifts := []item{}
	for _, g := range giftsIn(category) {
		gifts = append(gifts, item{g.Name, g.Price})
	}
	return string(marshal(struct {
		Category string `json:"category"`
		Gifts    []item `json:"gifts"`
	}{category, gifts}))
}

// giftResources and giftTemplates are defined as the resources lesson shows
// them.
func giftResources() []resourceDef {
	return []resourceDef{{
		URI:         CatalogURI,
		Name:        "catalog",
		Title:       "Gift catalogue",
		Description: "Every gift the server knows, with its category and price in US dollars.",
		MimeType:    "application/json",
		read: func() []resourceContents {
			return []resourceContents{{URI: CatalogURI, MimeType: "application/json", Text: catalogJSON()}}
		},
	}}
}

func giftTemplates() []templateDef {
	return []templateDef{{
		URITemplate: CatalogURI + "/{category}",
		Name:        "catalog-by-category",
		Title:       "Gifts in one category",
		Description: "The gifts of one category: " + strings.Join(categories, ", ") + ".",
		MimeType:    "application/json",
		read: func(uri string) ([]resourceContents, bool) {
			category, ok := strings.CutPrefix(uri, CatalogURI+"/")
			if !ok || !slices.Contains(categories, category) {
				return nil, false
			}
			return []resourceContents{{URI: uri, MimeType: "application/json", Text: categoryJSON(category)}}, true
		},
		complete: func(arg, prefix string) []string {
			if arg != "category" {
				return nil
			}
			return withPrefix(categories, prefix)
		},
	}}
}

func withPrefix(values []string, prefix string) []string {
	out := []string{}
	for _, v := range values {
		if strings.HasPrefix(v, prefix) {
			out = append(out, v)
		}
	}
	return out
}

func (s *Session) resourcesList(_ context.Context, r *req) (any, *rpcError) {
	all := s.srv.resources
	pg, err := s.page(r, len(all))
	if err != nil {
		return nil, err
	}
	return struct {
		Resources  []resourceDef `json:"resources"`
		NextCursor string        `json:"nextCursor,omitempty"`
	}{s.localResources(all[pg.from:pg.to]), pg.next}, nil
}

func (s *Session) templatesList(_ context.Context, r *req) (any, *rpcError) {
	all := s.srv.templates
	pg, err := s.page(r, len(all))
	if err != nil {
		return nil, err
	}
	return struct {
		ResourceTemplates []templateDef `json:"resourceTemplates"`
		NextCursor        string        `json:"nextCursor,omitempty"`
	}{s.localTemplates(all[pg.from:pg.to]), pg.next}, nil
}

// readURI returns the contents of a resource, or false when no resource or
// template has that URI.
func (s *Session) readURI(uri string) ([]resourceContents, bool) {
	if uri == CatalogURI && s.isUnlocked() {
		return []resourceContents{{URI: CatalogURI, MimeType: "application/json", Text: catalogWithWrappingJSON()}}, true
	}
	for _, res := range s.srv.resources {
		if res.URI == uri {
			return res.read(), true
		}
	}
	for _, t := range s.srv.templates {
		if c, ok := t.read(uri); ok {
			return c, true
		}
	}
	return nil, false
}

// notFound is the revision's error for an unknown resource URI.
func notFound(rev, uri string) *rpcError {
	if rev == Rev20260728 {
		// SEP-2164: -32602 with the URI in error.data.
		return &rpcError{Code: CodeInvalidParams, Message: "Resource not found", Data: map[string]any{"uri": uri}, explain: true}
	}
	return &rpcError{Code: CodeResourceNotFound, Message: "Resource not found", Data: map[string]any{"uri": uri}, explain: true}
}

func (s *Session) resourcesRead(_ context.Context, r *req) (any, *rpcError) {
	uri, _, err := r.p.str("uri", true)
	if err != nil {
		return nil, err
	}
	contents, ok := s.readURI(uri)
	if !ok {
		return nil, notFound(r.rev, uri)
	}
	return struct {
		Contents []resourceContents `json:"contents"`
	}{contents}, nil
}

func (s *Session) resourcesSubscribe(_ context.Context, r *req) (any, *rpcError) {
	uri, _, err := r.p.str("uri", true)
	if err != nil {
		return nil, err
	}
	if _, ok := s.readURI(uri); !ok {
		return nil, notFound(r.rev, uri)
	}
	s.mu.Lock()
	if s.subs == nil {
		s.subs = make(map[string]struct{})
	}
	s.subs[uri] = struct{}{}
	s.mu.Unlock()
	return emptyResult, nil
}

func (s *Session) resourcesUnsubscribe(_ context.Context, r *req) (any, *rpcError) {
	uri, _, err := r.p.str("uri", true)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	delete(s.subs, uri)
	s.mu.Unlock()
	return emptyResult, nil
}

// promptArg is one argument of a prompt.
type promptArg struct {
	Name        string `json:"name"`
	Description string `json:"description,omitempty"`
	Required    bool   `json:"required,omitempty"`
	values      []string
}

// promptDef is one prompt.
type promptDef struct {
	Name        string      `json:"name"`
	Title       string      `json:"title,omitempty"`
	Description string      `json:"description,omitempty"`
	Arguments   []promptArg `json:"arguments,omitempty"`
	get         func(args map[string]string) (any, *rpcError)
}

type promptMessage struct {
	Role    string `json:"role"`
	Content any    `json:"content"`
}

type promptResult struct {
	Description string          `json:"description,omitempty"`
	Messages    []promptMessage `json:"messages"`
}

// tones are the tones gift_congrats_style suggests (and completes); any
// other tone is written into the instruction as it is.
var tones = []string{"warm", "playful", "formal"}

// cardExample is an example card the prompt shows the model, for one
// occasion: the gift it goes with and a card per tone.
type cardExample struct {
	gift  string
	cards map[string]string
}

// cardExamples are the example cards, by occasion.
var cardExamples = map[string]cardExample{
	"birthday": {"a board game", map[string]string{
		"warm":    "Happy birthday! I hope this game brings you many cosy evenings with the people you love.",
		"playful": "Happy birthday! May every roll be a double six, and may you win every game we play tonight.",
		"formal":  "Wishing you a very happy birthday. Please accept this game with my warmest regards.",
	}},
	"wedding": {"a cast-iron Dutch oven", map[string]string{
		"warm":    "Congratulations on your wedding! May your kitchen always be full of shared meals and laughter.",
		"playful": "Congratulations, newlyweds! May every stew simmer gently and every squabble end over dessert.",
		"formal":  "Congratulations on your marriage. With my very best wishes for a long and happy life together.",
	}},
	"graduation": {"a book", map[string]string{
		"warm":    "Congratulations on your graduation! I am so proud of you, and I can't wait to see what you do next.",
		"playful": "You did it! Now go and design the game of life, and remember to give yourself extra turns.",
		"formal":  "Congratulations on your graduation. I wish you every success in the years ahead.",
	}},
}

// giftPrompts is defined as the resources and prompts lesson shows it.
func giftPrompts() []promptDef {
	return []promptDef{{
		Name:        "gift_congrats_style",
		Title:       "Card to go with a gift",
		Description: "Writes a short congratulations card in the tone you choose.",
		Arguments: []promptArg{
			{Name: "occasion", Description: "What you are celebrating", Required: true, values: occasionsKnown},
			{Name: "tone", Description: "For example warm, playful or formal", values: tones},
		},
		get: congratsPrompt,
	}}
}

// congratsPrompt fills gift_congrats_style: an instruction for the model
// and, when the occasion and the tone have one, an example card spoken by
// the assistant.
func congratsPrompt(args map[string]string) (any, *rpcError) {
	occasion := strings.TrimSpace(args["occasion"])
	if occasion == "" {
		return nil, newError(CodeInvalidParams, `Invalid params: the prompt argument "occasion" must not be empty; say what you are celebrating, for example "birthday"`)
	}
	tone := strings.TrimSpace(args["tone"])
	instruction := fmt.Sprintf("Write a card to go with %s %s gift.", article(occasion), occasion)
	if tone != "" {
		instruction += " Tone: " + tone + "."
	}
	instruction += " Two sentences at most."
	res := promptResult{}
	if tone != "" {
		res.Description = fmt.Sprintf("%s %s %s card", capitalize(article(tone)), tone, occasion)
	}
	ex, ok := cardExamples[normalOccasion(occasion)]
	card := ex.cards[strings.ToLower(tone)]
	if ok && card != "" {
		instruction += " Example gift: " + ex.gift + "."
	}
	res.Messages = append(res.Messages, promptMessage{Role: "user", Content: text(instruction)})
	if ok && card != "" {
		res.Messages = append(res.Messages, promptMessage{Role: "assistant", Content: text(card)})
	}
	return res, nil
}

// capitalize upper-cases the first letter of an ASCII word: "a" is "A".
func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

func (s *Session) promptsList(_ context.Context, r *req) (any, *rpcError) {
	all := s.srv.prompts
	pg, err := s.page(r, len(all))
	if err != nil {
		return nil, err
	}
	return struct {
		Prompts    []promptDef `json:"prompts"`
		NextCursor string      `json:"nextCursor,omitempty"`
	}{s.localPrompts(all[pg.from:pg.to]), pg.next}, nil
}

func (s *Session) findPrompt(name string) *promptDef {
	for i := range s.srv.prompts {
		if s.srv.prompts[i].Name == name {
			return &s.srv.prompts[i]
		}
	}
	return nil
}

func (s *Session) promptsGet(_ context.Context, r *req) (any, *rpcError) {
	name, _, err := r.p.str("name", true)
	if err != nil {
		return nil, err
	}
	p := s.findPrompt(name)
	if p == nil {
		return nil, newError(CodeInvalidParams, "Invalid params: unknown prompt %q; prompts/list shows the prompts", name)
	}
	rawArgs, _, err := r.p.object("arguments", false)
	if err != nil {
		return nil, err
	}
	args := make(map[string]string, len(rawArgs.fields))
	for _, f := range rawArgs.fields {
		if !f.IsString() {
			return nil, newError(CodeInvalidParams, "Invalid params: prompt argument %q must be a string", f.Name)
		}
		args[f.Name] = f.Str
	}
	for _, a := range p.Arguments {
		if _, ok := args[a.Name]; a.Required && !ok {
			return nil, newError(CodeInvalidParams, "Invalid params: prompt %s needs the argument %q", p.Name, a.Name)
		}
	}
	return s.getPrompt(p, args)
}

// complete answers completion/complete for prompt arguments and template
// variables.
func (s *Session) complete(_ context.Context, r *req) (any, *rpcError) {
	ref, _, err := r.p.object("ref", true)
	if err != nil {
		return nil, err
	}
	arg, _, err := r.p.object("argument", true)
	if err != nil {
		return nil, err
	}
	argName, _, err := arg.str("name", true)
	if err != nil {
		return nil, newError(CodeInvalidParams, `Invalid params: "argument.name" is required and must be a string`)
	}
	value, _, err := arg.str("value", true)
	if err != nil {
		return nil, newError(CodeInvalidParams, `Invalid params: "argument.value" is required and must be a string`)
	}
	typ, _, err := ref.str("type", true)
	if err != nil {
		return nil, newError(CodeInvalidParams, `Invalid params: "ref.type" is required: "ref/prompt" or "ref/resource"`)
	}
	var values []string
	switch typ {
	case "ref/prompt":
		name, _, err := ref.str("name", true)
		if err != nil {
			return nil, newError(CodeInvalidParams, `Invalid params: "ref.name" is required for a ref/prompt`)
		}
		p := s.findPrompt(name)
		if p == nil {
			return nil, newError(CodeInvalidParams, "Invalid params: unknown prompt %q", name)
		}
		for _, a := range p.Arguments {
			if a.Name == argName {
				values = withPrefix(a.values, value)
			}
		}
	case "ref/resource":
		uri, _, err := ref.str("uri", true)
		if err != nil {
			return nil, newError(CodeInvalidParams, `Invalid params: "ref.uri" is required for a ref/resource`)
		}
		found := false
		for _, t := range s.srv.templates {
			if t.URITemplate == uri {
				found = true
				if t.complete != nil {
					values = t.complete(argName, value)
				}
			}
		}
		if !found {
			return nil, notFound(r.rev, uri)
		}
	default:
		return nil, newError(CodeInvalidParams, `Invalid params: "ref.type" must be "ref/prompt" or "ref/resource"`)
	}
	if values == nil {
		values = []string{}
	}
	return map[string]any{"completion": map[string]any{"values": values, "total": len(values), "hasMore": false}}, nil
}

package grader

// Capabilities declared in the handshake (initialize's params and result, or
// in 2026-07-28 the result of server/discover), and the methods that need them.

// capBits is a set of declared capabilities.
type capBits uint16

const (
	capTools capBits = 1 << iota
	capToolsListChanged
	capPrompts
	capPromptsListChanged
	capResources
	capResourcesSubscribe
	capResourcesListChanged
	capLogging
	capCompletions
	capSampling
	capElicitation
	capRoots
	capRootsListChanged
)

// capNeed is the capability a method needs: holder is the side that must have
// declared it (0 client, 1 server), name how the handshake writes it.
type capNeed struct {
	holder int
	bit    capBits
	name   string
}

var capNeeds = map[string]capNeed{
	"tools/list":                           {1, capTools, "tools"},
	"tools/call":                           {1, capTools, "tools"},
	"prompts/list":                         {1, capPrompts, "prompts"},
	"prompts/get":                          {1, capPrompts, "prompts"},
	"resources/list":                       {1, capResources, "resources"},
	"resources/templates/list":             {1, capResources, "resources"},
	"resources/read":                       {1, capResources, "resources"},
	"resources/subscribe":                  {1, capResourcesSubscribe, "resources.subscribe"},
	"resources/unsubscribe":                {1, capResourcesSubscribe, "resources.subscribe"},
	"logging/setLevel":                     {1, capLogging, "logging"},
	"completion/complete":                  {1, capCompletions, "completions"},
	"notifications/tools/list_changed":     {1, capToolsListChanged, "tools.listChanged"},
	"notifications/prompts/list_changed":   {1, capPromptsListChanged, "prompts.listChanged"},
	"notifications/resources/list_changed": {1, capResourcesListChanged, "resources.listChanged"},
	"notifications/resources/updated":      {1, capResourcesSubscribe, "resources.subscribe"},
	"notifications/message":                {1, capLogging, "logging"},
	"sampling/createMessage":               {0, capSampling, "sampling"},
	"elicitation/create":                   {0, capElicitation, "elicitation"},
	"roots/list":                           {0, capRoots, "roots"},
	"notifications/roots/list_changed":     {0, capRootsListChanged, "roots.listChanged"},
}

// capNames maps the handshake's capability objects to their bits, and the
// flags inside them.
var capNames = []struct {
	name  string
	bit   capBits
	flags map[string]capBits
}{
	{"tools", capTools, map[string]capBits{"listChanged": capToolsListChanged}},
	{"prompts", capPrompts, map[string]capBits{"listChanged": capPromptsListChanged}},
	{"resources", capResources, map[string]capBits{"listChanged": capResourcesListChanged, "subscribe": capResourcesSubscribe}},
	{"logging", capLogging, nil},
	{"completions", capCompletions, nil},
	{"sampling", capSampling, nil},
	{"elicitation", capElicitation, nil},
	{"roots", capRoots, map[string]capBits{"listChanged": capRootsListChanged}},
}

// readCaps reads a capabilities object.
func readCaps(v *Value) capBits {
	var bits capBits
	if v == nil || v.Kind != Object {
		return 0
	}
	for _, c := range capNames {
		o := v.Get(c.name)
		if o == nil || o.Kind != Object {
			continue
		}
		bits |= c.bit
		for flag, bit := range c.flags {
			if b := o.Get(flag); b != nil && b.Kind == Bool && b.Bool {
				bits |= bit
			}
		}
	}
	return bits
}

// capRule reports a method used without the capability it needs, when the
// holder's capabilities are known.
func (s *Session) capRule(f *facts) []sdiag {
	need, ok := capNeeds[f.method]
	if !ok {
		return nil
	}
	c := s.caps[need.holder]
	if c.at < 0 || c.bits&need.bit != 0 {
		return nil
	}
	d := sdiag{at: f.methodV, ptr: "/method", related: []int{c.at},
		a: dargs{method: f.method, field: need.name, extra: msgRef(c.at)}}
	switch {
	case f.kind == KindNotification:
		d.code = codeSessCapNotification
		if f.method == "notifications/message" {
			d.sev = SeverityError // servers that send log messages MUST declare logging
		}
	case need.holder == 1:
		d.code = codeSessCapServer
	default:
		d.code = codeSessCapClient
	}
	return []sdiag{d}
}

package clientcheck

import (
	"math"
	"strconv"
	"strings"

	"github.com/mcpplayground/playground/internal/grader"
)

// tool is one tool of the checking server: the gift server's, by name and
// input schema.
type tool struct {
	name, title, description string
	args                     []arg
	locked                   bool // listed once unlocked
}

type arg struct {
	name, typ, description string
	required               bool
	min, max               float64 // bounds of an integer (0, 0: none)
}

var tools = []tool{
	{name: "suggest_gifts", title: "Gift ideas", description: "Suggests gift ideas for an occasion, within a budget in US dollars.",
		args: []arg{{name: "occasion", typ: "string", required: true, description: "What the gift is for, e.g. birthday"},
			{name: "budget", typ: "number", required: true, description: "Maximum price in US dollars"},
			{name: "recipient", typ: "string", description: "Who the gift is for"}}},
	{name: "ask_gift_preferences", title: "Ask about preferences", description: "Asks you (elicitation/create) which category and budget you prefer, then suggests gifts."},
	{name: "prepare_delivery", title: "Prepare the delivery", description: "Packs the gifts step by step. Slow on purpose: send a progressToken in _meta to get notifications/progress, and notifications/cancelled to stop it.",
		args: []arg{{name: "steps", typ: "integer", min: 1, max: 10, description: "How many steps the packing takes (1 to 10)."}}},
	{name: "unlock_gift_wrapping", title: "Unlock gift wrapping", description: "Unlocks the wrap_gift tool; the server then sends notifications/tools/list_changed."},
	{name: "write_card_message", title: "Write a card", description: "Asks your client's model (sampling/createMessage) to write the message of a gift card.",
		args: []arg{{name: "occasion", typ: "string", required: true, description: "The occasion of the gift."},
			{name: "recipient", typ: "string", description: "Who the card is for."}}},
	{name: "wrap_gift", title: "Wrapping styles", description: "Lists the gift-wrapping styles available for a gift.", locked: true},
}

func findTool(name string) *tool {
	for i := range tools {
		if tools[i].name == name {
			return &tools[i]
		}
	}
	return nil
}

// json is the tool's definition in tools/list.
func (t *tool) json() string {
	var props, req []string
	for _, a := range t.args {
		p := `"type":"` + a.typ + `","description":` + quote(a.description)
		if a.max > 0 {
			p += `,"minimum":` + num(a.min) + `,"maximum":` + num(a.max)
		}
		props = append(props, quote(a.name)+`:{`+p+`}`)
		if a.required {
			req = append(req, quote(a.name))
		}
	}
	schema := `{"type":"object","properties":{` + strings.Join(props, ",") + `}`
	if len(req) > 0 {
		schema += `,"required":[` + strings.Join(req, ",") + `]`
	}
	schema += `}`
	return `{"name":"` + t.name + `","title":` + quote(t.title) + `,"description":` + quote(t.description) + `,"inputSchema":` + schema + `}`
}

func num(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

// listed are the tools tools/list shows now.
func (r *runner) listed() []*tool {
	var out []*tool
	for i := range tools {
		if !tools[i].locked || r.unlocked {
			out = append(out, &tools[i])
		}
	}
	return out
}

// page is one page of tools/list: the tools from the cursor on, and the
// cursor of the next page ("" on the last).
func (r *runner) page(cursor string) (list []*tool, next string, ok bool) {
	all := r.listed()
	start := 0
	if cursor != "" {
		n, err := strconv.Atoi(strings.TrimPrefix(cursor, "page-"))
		if err != nil || !strings.HasPrefix(cursor, "page-") || n <= 0 || n >= len(all) {
			return nil, "", false
		}
		start = n
	}
	if r.pageSize == 0 {
		return all[start:], "", true
	}
	end := min(start+r.pageSize, len(all))
	if end < len(all) {
		next = "page-" + strconv.Itoa(end)
	}
	return all[start:end], next, true
}

// toolsList answers tools/list: one page, from the cursor.
func (r *runner) toolsList(g *got, sr *stepRun) (next string, ok bool) {
	cursor := ""
	if c := g.at("/params/cursor"); c != nil && c.Kind == grader.String {
		cursor = c.Str
	}
	list, next, ok := r.page(cursor)
	if !ok {
		r.replyError(sr, g, -32602, "Invalid params: unknown cursor; use a nextCursor this server returned")
		return "", false
	}
	defs := make([]string, len(list))
	for i, t := range list {
		defs[i] = t.json()
	}
	result := `{"tools":[` + strings.Join(defs, ",") + `]`
	if next != "" {
		result += `,"nextCursor":"` + next + `"`
	}
	r.reply(sr, g, result+`}`)
	return next, true
}

// callTool answers a tools/call no step holds.
func (r *runner) callTool(g *got, sr *stepRun) {
	name := g.at("/params/name")
	if name == nil || name.Kind != grader.String {
		r.replyError(sr, g, -32602, `Invalid params: "name" is required: the name of the tool to call`)
		return
	}
	t := findTool(name.Str)
	if t == nil || (t.locked && !r.unlocked) {
		r.replyError(sr, g, -32602, "Invalid params: unknown tool "+quote(name.Str))
		return
	}
	if bad := r.argProblems(g, t); len(bad) > 0 {
		r.reply(sr, g, `{"content":[{"type":"text","text":`+quote("Invalid arguments: "+strings.Join(bad, " "))+`}],"isError":true}`)
		return
	}
	switch t.name {
	case "unlock_gift_wrapping":
		if !r.unlocked {
			r.unlocked = true
			r.notify(sr, g.in.out, "notifications/tools/list_changed", `{}`)
		}
		r.reply(sr, g, textResult("Gift wrapping is unlocked: the tool wrap_gift is now in tools/list."))
	case "wrap_gift":
		r.reply(sr, g, textResult("Three gift-wrapping styles are available: classic, kraft and festive."))
	case "suggest_gifts":
		r.reply(sr, g, textResult("A board game, a novel and a scarf fit the budget."))
	default:
		r.reply(sr, g, textResult("This tool does its part in another exercise; here it just says hello."))
	}
}

func textResult(s string) string {
	return `{"content":[{"type":"text","text":` + quote(s) + `}]}`
}

// argProblems checks a call's arguments against the tool's input schema,
// in the run's language.
func (r *runner) argProblems(g *got, t *tool) []string {
	args := g.at("/params/arguments")
	if args != nil && args.Kind != grader.Object {
		return []string{r.say(keyArgsNotObject, args.Kind.String())}
	}
	var out []string
	for _, a := range t.args {
		var v *grader.Value
		if args != nil {
			v = args.Get(a.name)
		}
		switch {
		case v == nil && a.required:
			out = append(out, r.say(keyArgMissing, a.name, a.typ))
		case v == nil:
		case !fits(v, a):
			out = append(out, r.say(keyArgType, a.name, v.Raw, v.Kind.String(), a.typ))
		}
	}
	return out
}

func fits(v *grader.Value, a arg) bool {
	switch a.typ {
	case "string":
		return v.Kind == grader.String
	case "number":
		return v.Kind == grader.Number
	case "integer":
		f, err := strconv.ParseFloat(v.Raw, 64)
		return v.Kind == grader.Number && err == nil && f == math.Trunc(f) && (a.max == 0 || f >= a.min && f <= a.max)
	}
	return true
}

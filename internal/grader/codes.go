package grader

import (
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/mcpplayground/playground/internal/i18n"
)

// Diagnostic codes. They are stable: exercises, dashboards and the mock server's
// error data refer to them.
const (
	// Reading the text (lesson json-rpc).
	codeTooLarge        = "json.too-large"
	codeTooDeep         = "json.too-deep"
	codeEmpty           = "json.empty"
	codeBOM             = "json.bom"
	codeInvalidUTF8     = "json.invalid-utf8"
	codeInvisible       = "json.invisible-character"
	codeComment         = "json.comment"
	codeUnclosedComment = "json.unclosed-comment"
	codeTrailingComma   = "json.trailing-comma"
	codeExtraComma      = "json.extra-comma"
	codeMissingComma    = "json.missing-comma"
	codeMissingColon    = "json.missing-colon"
	codeSingleQuotes    = "json.single-quotes"
	codeTypoQuotes      = "json.typographic-quotes"
	codeUnquotedKey     = "json.unquoted-key"
	codeUnquotedString  = "json.unquoted-string"
	codeInvalidLiteral  = "json.invalid-literal"
	codeNaN             = "json.nan-infinity"
	codeLeadingZero     = "json.leading-zero"
	codeInvalidNumber   = "json.invalid-number"
	codeInvalidEscape   = "json.invalid-escape"
	codeControlChar     = "json.control-character"
	codeUnclosedString  = "json.unclosed-string"
	codeUnclosedObject  = "json.unclosed-object"
	codeUnclosedArray   = "json.unclosed-array"
	codeMismatched      = "json.mismatched-bracket"
	codeExpectedValue   = "json.expected-value"
	codeExpectedKey     = "json.expected-key"
	codeUnexpectedChar  = "json.unexpected-character"
	codeTrailingText    = "json.trailing-text"
	codeExtraClosing    = "json.extra-closing-bracket"
	codeTwoMessages     = "json.several-messages"
	codeDuplicateKey    = "json.duplicate-key"

	// The JSON-RPC envelope.
	codeBatch            = "jsonrpc.batch"
	codeNotObject        = "jsonrpc.not-object"
	codeUnclassifiable   = "jsonrpc.message.unclassifiable"
	codeVersionMissing   = "jsonrpc.version.missing"
	codeVersionInvalid   = "jsonrpc.version.invalid"
	codeIDNull           = "jsonrpc.id.null"
	codeIDType           = "jsonrpc.id.type"
	codeIDFraction       = "jsonrpc.id.fraction"
	codeIDMissing        = "jsonrpc.id.missing"
	codeIDStyle          = "jsonrpc.id.style"
	codeIDMismatch       = "jsonrpc.id.mismatch"
	codeMethodType       = "jsonrpc.method.type"
	codeParamsType       = "jsonrpc.params.type"
	codeResultType       = "jsonrpc.result.type"
	codeBoth             = "jsonrpc.response.both"
	codeEnvUnknown       = "jsonrpc.field.unknown"
	codeEnvMisplaced     = "jsonrpc.field.misplaced"
	codeEnvWrongCase     = "jsonrpc.field.wrong-case"
	codeOutsideParams    = "jsonrpc.field.outside-params"
	codeErrorType        = "jsonrpc.error.type"
	codeErrCodeMissing   = "jsonrpc.error.code.missing"
	codeErrCodeType      = "jsonrpc.error.code.type"
	codeErrMsgMissing    = "jsonrpc.error.message.missing"
	codeErrMsgType       = "jsonrpc.error.message.type"
	codeErrUnknown       = "jsonrpc.error.unknown-field"
	codeErrCodeStandard  = "jsonrpc.error.code.standard"
	codeErrCodeReserved  = "jsonrpc.error.code.reserved"
	codeErrCodeNotParams = "jsonrpc.error.code.tool-error"

	// MCP methods and their parameters and results.
	codeMethodUnknown     = "mcp.method.unknown"
	codeMethodNotInRev    = "mcp.method.not-in-revision"
	codeMethodDirection   = "mcp.method.wrong-direction"
	codeRequestNeedsID    = "mcp.request.missing-id"
	codeNotificationHasID = "mcp.notification.has-id"
	codeParamsMissing     = "mcp.params.missing"
	codeFieldMissing      = "mcp.field.missing"
	codeFieldType         = "mcp.field.type"
	codeFieldEnum         = "mcp.field.enum"
	codeFieldNull         = "mcp.field.null"
	codeFieldUnknown      = "mcp.field.unknown"
	codeFieldOtherRev     = "mcp.field.other-revision"
	codeFieldWrongCase    = "mcp.field.wrong-case"
	codeFieldRange        = "mcp.field.range"
	codeContentArray      = "mcp.prompt.content-array"
	codeRoleSystem        = "mcp.role.system"
	codeURIScheme         = "mcp.uri.no-scheme"
	codeURITemplate       = "mcp.uri.template"
	codeInitVersion       = "mcp.initialize.protocol-version"
	codeMetaMissing       = "mcp.meta.missing"
	codeMetaVersion       = "mcp.meta.protocol-version.missing"
	codeMetaVersionWrong  = "mcp.meta.protocol-version.mismatch"
	codeMetaCaps          = "mcp.meta.client-capabilities.missing"
	codeResultTypeMissing = "mcp.result.result-type.missing"
	codeResultTypeUnknown = "mcp.result.result-type.unknown"

	// The checker's own inputs.
	codeProtocolUnknown = "grader.protocol.unknown"
	codeRequestUnusable = "grader.request.unusable"
)

// Layers order what blocks understanding: a receiver that cannot read the JSON
// never gets to the envelope, and one that cannot read the envelope never gets to
// the method.
const (
	layerSyntax = iota
	layerEnvelope
	layerMCP
	layerGrader
)

// codeDef documents one code. Texts are indexed by language: 0 English, 1 French.
// msg says what is wrong (with {placeholders}); why says why the rule exists. The
// rendered message is msg followed by why.
type codeDef struct {
	code   string
	sev    string
	lesson string
	layer  int
	title  [2]string
	msg    [2]string
	why    [2]string
}

// CodeInfo documents one diagnostic code in both languages.
type CodeInfo struct {
	Code     string               `json:"code"`
	Severity string               `json:"severity"`
	Lesson   string               `json:"lesson"`
	Title    map[i18n.Lang]string `json:"title"` // by language
	Why      map[i18n.Lang]string `json:"why"`   // why the rule exists, by language
}

// Codes lists every diagnostic code with its explanation in both languages.
func Codes() []CodeInfo {
	out := make([]CodeInfo, 0, len(codeTable))
	for _, d := range codeTable {
		out = append(out, CodeInfo{
			Code: d.code, Severity: d.sev, Lesson: d.lesson,
			Title: map[i18n.Lang]string{i18n.EN: d.title[0], i18n.FR: frTypo(d.title[1])},
			Why:   map[i18n.Lang]string{i18n.EN: d.why[0], i18n.FR: frTypo(d.why[1])},
		})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Code < out[j].Code })
	return out
}

var codeIndex = func() map[string]*codeDef {
	m := make(map[string]*codeDef, len(codeTable))
	for i := range codeTable {
		d := &codeTable[i]
		d.msg[1] = frTypo(d.msg[1])
		d.why[1] = frTypo(d.why[1])
		m[d.code] = d
	}
	return m
}()

// frTypo puts the no-break spaces French typography wants before : ; ? ! and
// inside « guillemets », so the catalog can be typed with ordinary spaces.
func frTypo(s string) string {
	s = frReplacer.Replace(s)
	// The course writes the French apostrophe as ’ (l’outil); a straight quote
	// between two letters is one.
	if !strings.Contains(s, "'") {
		return s
	}
	b := []rune(s)
	for i := 1; i+1 < len(b); i++ {
		if b[i] == '\'' && unicode.IsLetter(b[i-1]) && (unicode.IsLetter(b[i+1]) || b[i+1] == '`') {
			b[i] = '’'
		}
	}
	return string(b)
}

// lessonNames are the short names of the course's lessons, by slug, as their
// titles begin (a test compares them with lessons/).
var lessonNames = map[string][2]string{
	"json-rpc":          {"JSON-RPC 2.0", "JSON-RPC 2.0"},
	"requests":          {"Requests", "Les requêtes"},
	"responses":         {"Responses", "Les réponses"},
	"notifications":     {"Notifications", "Les notifications"},
	"lifecycle":         {"The lifecycle", "Le cycle de vie"},
	"tools":             {"Tools", "Outils"},
	"slow-work":         {"Slow work", "Les opérations longues"},
	"resources-prompts": {"Resources and prompts", "Ressources et prompts"},
	"errors":            {"Errors", "Erreurs"},
	"reading-logs":      {"Reading real logs", "Lire de vrais journaux"},
	"debugging":         {"Debugging a whole session", "Déboguer une session entière"},
	"stateless-2026":    {"Revision 2026-07-28", "La révision 2026-07-28"},
	"your-server":       {"Your own server", "Votre propre serveur"},
}

var frReplacer = strings.NewReplacer(
	" :", "\u00A0:", " ;", "\u00A0;", " ?", "\u00A0?", " !", "\u00A0!",
	"« ", "«\u00A0", " »", "\u00A0»",
)

// dargs are the facts a message is built from.
type dargs struct {
	field    string // a key, shown in code font
	parent   string // where the key lives, as a readable path ("" is the message)
	value    string // text from the learner's message
	method   string
	extra    string // a list of allowed values, revisions…
	extraFr  string // extra in French, when it is words rather than names
	required bool   // the suggested field is required and missing
	standIn  string // the member written where the missing field was meant
	rev      string // the revision the message is checked against
	got      jtype
	want     jtype
	openedAt int // byte offset + 1 of the bracket or key this refers to (0: none)
	openPos  Pos // filled in when positions are computed
}

// diag is a diagnostic before it is rendered in a language.
type diag struct {
	code   string
	sev    string // "" takes the code's severity
	off    int
	ptr    string
	sugg   string
	lesson string // "" takes the code's lesson
	layer  int
	a      dargs
}

// didYouMean lists the codes whose suggestion is a name worth proposing in words.
var didYouMean = map[string]bool{
	codeFieldUnknown: true, codeEnvUnknown: true, codeErrUnknown: true, codeMethodUnknown: true,
	codeFieldEnum: true, codeMethodNotInRev: true, codeUnquotedString: false,
}

// render builds the message of d in lang.
func render(d diag, lang i18n.Lang) string {
	var b strings.Builder
	renderTo(&b, d, lang)
	return b.String()
}

// renderTo writes the message of d in lang to b.
func renderTo(b *strings.Builder, d diag, lang i18n.Lang) {
	def := codeIndex[d.code]
	if def == nil {
		b.WriteString(d.code)
		return
	}
	li := langIndex(lang)
	expand(b, def.msg[li], d, li)
	if def.why[li] != "" {
		b.WriteByte(' ')
		expand(b, def.why[li], d, li)
	}
	if d.sugg != "" && didYouMean[d.code] {
		b.WriteString(DidYouMean(d.sugg, "", lang))
		if d.a.required {
			b.WriteString([2]string{" It is required, and it is missing.", frTypo(" Ce champ est obligatoire, et il manque.")}[li])
		}
	}
	if d.a.standIn != "" {
		b.WriteString(DidYouMean(d.sugg, d.a.standIn, lang))
	}
	lesson := d.lesson
	if lesson == "" {
		lesson = def.lesson
	}
	b.WriteString(LessonSentence(lesson, lang))
}

func expand(b *strings.Builder, tmpl string, d diag, li int) {
	for {
		i := strings.IndexByte(tmpl, '{')
		if i < 0 {
			b.WriteString(tmpl)
			return
		}
		b.WriteString(tmpl[:i])
		tmpl = tmpl[i:]
		// A placeholder is {name} with a lower-case name; any other brace is text
		// (the catalog talks about JSON, full of braces).
		j := 1
		for j < len(tmpl) && tmpl[j] >= 'a' && tmpl[j] <= 'z' {
			j++
		}
		if j == 1 || j >= len(tmpl) || tmpl[j] != '}' {
			b.WriteByte('{')
			tmpl = tmpl[1:]
			continue
		}
		name := tmpl[1:j]
		tmpl = tmpl[j+1:]
		switch name {
		case "field":
			b.WriteString(d.a.field)
		case "parent":
			if d.a.parent == "" {
				b.WriteString([2]string{"the message", "le message"}[li])
			} else {
				b.WriteString("`" + d.a.parent + "`")
			}
		case "value":
			b.WriteString(d.a.value)
		case "method":
			b.WriteString(d.a.method)
		case "rev":
			b.WriteString(d.a.rev)
		case "extra":
			if li == 1 && d.a.extraFr != "" {
				b.WriteString(d.a.extraFr)
			} else {
				b.WriteString(d.a.extra)
			}
		case "got":
			b.WriteString(typePhrase(d.a.got, li))
		case "want":
			b.WriteString(typePhrase(d.a.want, li))
		case "sugg":
			b.WriteString(d.sugg)
		case "opened":
			p := d.a.openPos
			if li == 1 {
				b.WriteString("ligne " + strconv.Itoa(p.Line) + ", colonne " + strconv.Itoa(p.Column))
			} else {
				b.WriteString("line " + strconv.Itoa(p.Line) + ", column " + strconv.Itoa(p.Column))
			}
		default:
			b.WriteString("{" + name + "}")
		}
	}
}

// jtype is a set of JSON types, as a schema allows them and as a value has one.
type jtype uint8

const (
	tNull jtype = 1 << iota
	tBool
	tInt // integer numbers; a value that is an integer has tInt only
	tNum // any number
	tStr
	tArr
	tObj
	tAny = tNull | tBool | tInt | tNum | tStr | tArr | tObj
)

func typeOf(v *Value) jtype {
	switch v.Kind {
	case Null:
		return tNull
	case Bool:
		return tBool
	case Number:
		if v.isInteger() {
			return tInt
		}
		return tNum
	case String:
		return tStr
	case Array:
		return tArr
	}
	return tObj
}

// accepts reports whether a value of type got satisfies want.
func (want jtype) accepts(got jtype) bool {
	if got == tInt && want&(tInt|tNum) != 0 {
		return true
	}
	return want&got != 0
}

var typeWords = [2][7]string{
	{"null", "a boolean (true or false)", "an integer", "a number", "a string", "an array", "an object"},
	{"null", "un booléen (true ou false)", "un entier", "un nombre", "une chaîne", "un tableau", "un objet"},
}

// typePhrase names a set of types: "a string or an integer".
func typePhrase(t jtype, li int) string {
	if t == tAny {
		return [2]string{"any JSON value", "n’importe quelle valeur JSON"}[li]
	}
	if t&tNum != 0 {
		t &^= tInt
	}
	var parts []string
	for bit := 0; bit < 7; bit++ {
		if t&(1<<bit) != 0 {
			parts = append(parts, typeWords[li][bit])
		}
	}
	or := [2]string{" or ", " ou "}[li]
	return strings.Join(parts, or)
}

package grader

import (
	"strconv"
	"strings"
)

// errorObject checks an error response.
func (st *state) errorObject(errv, id *Value, rep *Report, request []byte) {
	def, reqID, known := st.request(request, errv.Pos.Offset, true)
	if known {
		rep.Method = strings.Clone(def.name)
	}
	if id != nil && reqID != nil {
		st.matchID(id, reqID)
	}
	if errv.Kind != Object {
		st.add(diag{code: codeErrorType, off: errv.Pos.Offset, ptr: "/error", layer: layerEnvelope, a: dargs{got: typeOf(errv)}})
		return
	}
	var code, msg *Value
	for _, m := range errv.Members {
		switch m.Key {
		case "code":
			if code == nil {
				code = m.Value
			}
		case "message":
			if msg == nil {
				msg = m.Value
			}
		case "data":
		default:
			if st.full() {
				continue
			}
			st.errorMember(errv, m)
		}
	}
	if code == nil {
		st.add(diag{code: codeErrCodeMissing, off: errv.Pos.Offset, ptr: "/error", layer: layerEnvelope})
	} else if code.Kind != Number || !code.isInteger() {
		got := typeOf(code)
		if code.bad {
			got = tNum
		}
		st.add(diag{code: codeErrCodeType, off: code.Pos.Offset, ptr: "/error/code", layer: layerEnvelope, a: dargs{got: got}})
	} else {
		st.errorCode(code, known && def.name == "tools/call")
	}
	if msg == nil {
		st.add(diag{code: codeErrMsgMissing, off: errv.Pos.Offset, ptr: "/error", layer: layerEnvelope})
	} else if msg.Kind != String {
		st.add(diag{code: codeErrMsgType, off: msg.Pos.Offset, ptr: "/error/message", layer: layerEnvelope, a: dargs{got: typeOf(msg)}})
	}
}

// standardCodes names the error codes of JSON-RPC and MCP.
var standardCodes = map[int64][2]string{
	-32700: {"Parse error: the text was not valid JSON", "erreur d'analyse (Parse error) : le texte n'était pas du JSON valide"},
	-32600: {"Invalid Request: the message is not a valid request", "requête invalide (Invalid Request) : le message n'est pas une requête valide"},
	-32601: {"Method not found: the receiver does not know this method", "méthode introuvable (Method not found) : le destinataire ne connaît pas cette méthode"},
	-32602: {"Invalid params: the parameters are wrong for this method", "paramètres invalides (Invalid params) : les paramètres ne conviennent pas à cette méthode"},
	-32603: {"Internal error: the receiver failed while handling the request", "erreur interne (Internal error) : le destinataire a échoué en traitant la requête"},
}

var revisionCodes = map[string]map[int64][2]string{
	Rev20250618: {-32002: {"Resource not found (MCP)", "ressource introuvable (Resource not found, MCP)"}},
	Rev20251125: {-32002: {"Resource not found (MCP)", "ressource introuvable (Resource not found, MCP)"},
		-32042: {"URL elicitation required (MCP)", "élicitation par URL requise (URL elicitation required, MCP) : l'utilisateur doit d'abord passer par une URL"}},
	Rev20260728: {-32020: {"Header mismatch (MCP): the HTTP headers do not match the message", "en-têtes discordants (Header mismatch, MCP) : les en-têtes HTTP ne correspondent pas au message"},
		-32021: {"Missing required client capability (MCP)", "capacité du client manquante (Missing required client capability, MCP) : il manque une capacité requise du client"},
		-32022: {"Unsupported protocol version (MCP)", "version non prise en charge (Unsupported protocol version, MCP) : le destinataire ne prend pas en charge cette version du protocole"}},
}

func (st *state) errorCode(code *Value, answersToolCall bool) {
	n, err := strconv.ParseInt(code.Raw, 10, 64)
	if err != nil {
		n = int64(code.float())
	}
	name, ok := standardCodes[n]
	if !ok {
		name, ok = revisionCodes[st.rev.name][n]
	}
	switch {
	case ok:
		st.add(diag{code: codeErrCodeStandard, sev: SeverityInfo, off: code.Pos.Offset, ptr: "/error/code", layer: layerEnvelope,
			a: dargs{value: code.Raw, extra: name[0], extraFr: frTypo(name[1])}})
	case n >= -32099 && n <= -32000:
		// Implementation-defined server errors: allowed.
	case n >= -32768 && n < -32000:
		st.add(diag{code: codeErrCodeReserved, off: code.Pos.Offset, ptr: "/error/code", layer: layerEnvelope, a: dargs{value: code.Raw}})
	}
	if answersToolCall && n != -32602 && n != -32601 && n != -32600 && n != -32700 {
		st.add(diag{code: codeErrCodeNotParams, off: code.Pos.Offset, ptr: "/error/code", layer: layerEnvelope})
	}
}

// errorMember reports a member of an error object that JSON-RPC does not
// define: a warning (a receiver ignores it), or an error when it stands in for
// a missing code or message.
func (st *state) errorMember(errv *Value, m Member) {
	sugg, wrongCase := suggestKey(m.Key, []string{"code", "message", "data"})
	d := diag{code: codeErrUnknown, sev: SeverityWarning, off: m.KeyPos.Offset, ptr: "/error/" + escapePointer(m.Key), sugg: sugg,
		layer: layerEnvelope, lesson: "errors", a: dargs{field: clip(m.Key)}}
	if (sugg == "code" || sugg == "message") && errv.Get(sugg) == nil {
		d.sev = ""
		if wrongCase {
			d.code = codeEnvWrongCase
		}
	}
	st.add(d)
}

package schematest

import "fmt"

// schemaTSWins lists where schema.json says less than schema.ts, the source
// of truth: the checker follows schema.ts, and the views read schema.json
// corrected to say the same. Each entry is a definition, the path of a
// subschema in it, and the reason.
var schemaTSWins = []struct {
	def    string
	path   []string
	reason string
}{
	{"ElicitResult", []string{"properties", "content", "additionalProperties"},
		"schema.ts: content values are string | number | boolean (| string[]); schema.json narrows number to integer, yet a requested field of type number is answered with 3.14"},
}

// tsCorrections applies schemaTSWins to the official document of rev: within
// each subschema, the type "integer" becomes "number". A correction that no
// longer applies is an error: schema.json has changed and the list must be
// read again.
func tsCorrections(rev string, doc any) error {
	root, _ := doc.(map[string]any)
	defs, _ := root[DefsKey(rev)].(map[string]any)
	for _, c := range schemaTSWins {
		if rev < rev20250618 && defs[c.def] == nil {
			continue // elicitation came with 2025-06-18
		}
		var at any = defs[c.def]
		for _, k := range c.path {
			m, ok := at.(map[string]any)
			if !ok {
				break
			}
			at = m[k]
		}
		if at == nil || !integerToNumber(at) {
			return fmt.Errorf("%s: the correction of %s/%v (%s) no longer applies: has schema.json changed?", rev, c.def, c.path, c.reason)
		}
	}
	return nil
}

// integerToNumber replaces "integer" with "number" in every type of a
// schema; it reports whether it replaced any.
func integerToNumber(v any) bool {
	done := false
	switch x := v.(type) {
	case map[string]any:
		switch ty := x["type"].(type) {
		case string:
			if ty == "integer" {
				x["type"], done = "number", true
			}
		case []any:
			for i, e := range ty {
				if e == "integer" {
					ty[i], done = "number", true
				}
			}
		}
		for k, e := range x {
			if k != "type" && integerToNumber(e) {
				done = true
			}
		}
	case []any:
		for _, e := range x {
			if integerToNumber(e) {
				done = true
			}
		}
	}
	return done
}

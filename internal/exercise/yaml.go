package exercise

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"

	"github.com/goccy/go-yaml"
	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/parser"
)

// fmOffset turns a line of the front matter into a line of the file: the
// front matter starts on line 2, after the opening "---".
const fmOffset = 1

// rawItem is one item of the checks or choices list, kept with the line of
// each of its keys so that a mistake in the tenth check points at it.
type rawItem struct {
	line   int // in the file
	isMap  bool
	keys   []rawKey
	scalar any
}

type rawKey struct {
	name  string
	line  int // in the file
	value any
}

// UnmarshalYAML implements yaml.NodeUnmarshaler.
func (r *rawItem) UnmarshalYAML(n ast.Node) error {
	if tk := n.GetToken(); tk != nil && tk.Position != nil {
		r.line = tk.Position.Line + fmOffset
	}
	var mvs []*ast.MappingValueNode
	switch x := n.(type) {
	case *ast.MappingNode:
		mvs = x.Values
	case *ast.MappingValueNode:
		mvs = []*ast.MappingValueNode{x}
	default:
		return yaml.NodeToValue(n, &r.scalar)
	}
	r.isMap = true
	for i, mv := range mvs {
		var v any
		if err := yaml.NodeToValue(mv.Value, &v); err != nil {
			return err
		}
		k := rawKey{name: mv.Key.GetToken().Value, line: r.line, value: v}
		if tk := mv.Key.GetToken(); tk.Position != nil {
			k.line = tk.Position.Line + fmOffset
		}
		if i == 0 {
			r.line = k.line
		}
		r.keys = append(r.keys, k)
	}
	return nil
}

func (r *rawItem) get(name string) (rawKey, bool) {
	for _, k := range r.keys {
		if k.name == name {
			return k, true
		}
	}
	return rawKey{}, false
}

// topLines maps each top-level key of the front matter to its line in the
// file, for errors about a field's value found after decoding.
func topLines(fm []byte) map[string]int {
	out := map[string]int{}
	f, err := parser.ParseBytes(fm, 0)
	if err != nil || len(f.Docs) == 0 || f.Docs[0] == nil {
		return out
	}
	var mvs []*ast.MappingValueNode
	switch x := f.Docs[0].Body.(type) {
	case *ast.MappingNode:
		mvs = x.Values
	case *ast.MappingValueNode:
		mvs = []*ast.MappingValueNode{x}
	}
	for _, mv := range mvs {
		if tk := mv.Key.GetToken(); tk != nil && tk.Position != nil {
			out[tk.Value] = tk.Position.Line + fmOffset
		}
	}
	return out
}

// jsonValue turns a value decoded from YAML into the form equality works
// on: map[string]any, []any, string, bool, nil, and numbers as number.
func jsonValue(v any) (any, error) {
	switch x := v.(type) {
	case nil, bool, string:
		return x, nil
	case int:
		return json.Number(strconv.Itoa(x)), nil
	case int64:
		return json.Number(strconv.FormatInt(x, 10)), nil
	case uint64:
		return json.Number(strconv.FormatUint(x, 10)), nil
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return nil, fmt.Errorf("%v is not a JSON number", x)
		}
		return json.Number(strconv.FormatFloat(x, 'g', -1, 64)), nil
	case []any:
		out := make([]any, len(x))
		for i, it := range x {
			j, err := jsonValue(it)
			if err != nil {
				return nil, err
			}
			out[i] = j
		}
		return out, nil
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, it := range x {
			j, err := jsonValue(it)
			if err != nil {
				return nil, err
			}
			out[k] = j
		}
		return out, nil
	case map[any]any:
		out := make(map[string]any, len(x))
		for k, it := range x {
			ks, ok := k.(string)
			if !ok {
				return nil, fmt.Errorf("the key %v is not a string: JSON keys are strings; quote it", k)
			}
			j, err := jsonValue(it)
			if err != nil {
				return nil, err
			}
			out[ks] = j
		}
		return out, nil
	}
	return nil, fmt.Errorf("a %T cannot be written in JSON", v)
}

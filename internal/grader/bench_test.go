package grader

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/mcpplayground/playground/internal/repo"
)

// seedToolsCall is the tools/call of the course's seed.
var seedToolsCall = []byte(`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"suggest_gifts","arguments":{"occasion":"wedding","budget":150,"recipient":"coworker from marketing"}}}`)

// BenchmarkToolsCall compares, in one run, the checker with parsing and
// validating the same message with a general JSON Schema validator and the
// official 2025-11-25 schema.
func BenchmarkToolsCall(b *testing.B) {
	b.Run("grader.Check", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(seedToolsCall)))
		for b.Loop() {
			if rep := Check(seedToolsCall, Options{}); !rep.Valid {
				b.Fatal("the seed's tools/call should be valid")
			}
		}
	})
	b.Run("grader.Parse", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(seedToolsCall)))
		for b.Loop() {
			if _, err := Parse(seedToolsCall); err != nil {
				b.Fatal(err)
			}
		}
	})
	dir := repo.SchemaDir(b)
	for _, def := range []string{"CallToolRequest", "JSONRPCMessage"} {
		b.Run("jsonschema/"+def, func(b *testing.B) {
			c := jsonschema.NewCompiler()
			f, err := os.Open(filepath.Join(dir, Rev20251125, "schema.json"))
			if err != nil {
				b.Fatal(err)
			}
			doc, err := jsonschema.UnmarshalJSON(f)
			f.Close()
			if err != nil {
				b.Fatal(err)
			}
			if err := c.AddResource("https://schemas.test/schema.json", doc); err != nil {
				b.Fatal(err)
			}
			sch, err := c.Compile("https://schemas.test/schema.json#/$defs/" + def)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			b.SetBytes(int64(len(seedToolsCall)))
			b.ResetTimer()
			for b.Loop() {
				v, err := jsonschema.UnmarshalJSON(bytes.NewReader(seedToolsCall))
				if err != nil {
					b.Fatal(err)
				}
				if err := sch.Validate(v); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// bigToolsCall is a valid tools/call of about size bytes: a list of gift ideas
// in its arguments, many small values, the way a real message grows.
func bigToolsCall(size int) []byte {
	var b strings.Builder
	b.WriteString(`{"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": {"name": "suggest_gifts", "arguments": {"ideas": [`)
	for i := 0; b.Len() < size-40; i++ {
		if i > 0 {
			b.WriteString(",\n  ")
		}
		fmt.Fprintf(&b, `{"name": "idée n°%d", "price": %d.5, "tags": ["gift", "wedding"], "wrapped": true}`, i, i%300)
	}
	b.WriteString("]}}}")
	return []byte(b.String())
}

// BenchmarkCheckSize shows that the cost grows linearly with the message.
func BenchmarkCheckSize(b *testing.B) {
	for _, size := range []int{1 << 10, 64 << 10, 1000 << 10} {
		msg := bigToolsCall(size)
		b.Run(fmt.Sprintf("%dKiB", size>>10), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(msg)))
			for b.Loop() {
				if rep := Check(msg, Options{}); !rep.Valid {
					b.Fatalf("not valid: %+v", rep.Diagnostics[0])
				}
			}
		})
	}
}

// hostile messages: many mistakes, or shapes that are expensive to explain.
func hostile(size int) map[string][]byte {
	rep := func(unit string) string { return strings.Repeat(unit, size/len(unit)) }
	return map[string][]byte{
		"unknown-keys":   []byte(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x",` + strings.TrimSuffix(rep(`"nmae":1,`), ",") + `}}`),
		"duplicate-keys": []byte(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x","arguments":{` + strings.TrimSuffix(rep(`"a":1,`), ",") + `}}}`),
		"typo-quotes":    []byte(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x","arguments":{"a":[` + strings.TrimSuffix(rep(`“x”,`), ",") + `]}}}`),
		"many-keys":      []byte(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x","arguments":{` + manyKeys(size) + `}}}`),
		"nested-64":      []byte(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x","arguments":{"a":[` + rep(strings.Repeat("[", 58)+strings.Repeat("]", 58)+",") + `1]}}}`),
	}
}

func manyKeys(size int) string {
	var b strings.Builder
	for i := 0; b.Len() < size; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `"k%d":%d`, i, i)
	}
	return b.String()
}

// BenchmarkCheckHostile shows that messages full of mistakes stay linear too.
func BenchmarkCheckHostile(b *testing.B) {
	for _, size := range []int{64 << 10, 1000 << 10} {
		msgs := hostile(size)
		for _, name := range []string{"unknown-keys", "duplicate-keys", "typo-quotes", "many-keys", "nested-64"} {
			msg := msgs[name]
			b.Run(fmt.Sprintf("%s/%dKiB", name, size>>10), func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(int64(len(msg)))
				for b.Loop() {
					Check(msg, Options{})
				}
			})
		}
	}
}

// Package lessons embeds the course's lessons: lessons/{en,fr}/NN-slug.md (the
// number only sorts the files; the order is each lesson's front matter).
package lessons

import "embed"

// FS holds en/ and fr/.
//
//go:embed en fr
var FS embed.FS

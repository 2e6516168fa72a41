// Package lessons embeds the course's lessons: lessons/{en,fr}/NN-slug.md.
package lessons

import "embed"

// FS holds en/ and fr/.
//
//go:embed en fr
var FS embed.FS

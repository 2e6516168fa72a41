// Package static embeds the playground's CSS, JavaScript and images. The web
// package serves them under content-hashed URLs with long cache lifetimes.
package static

import "embed"

// FS holds css/, js/ and img/.
//
//go:embed css js img
var FS embed.FS

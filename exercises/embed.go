// Package exercises embeds the course's exercises, one Markdown file each.
package exercises

import "embed"

// FS holds the exercise files.
//
//go:embed *.md
var FS embed.FS

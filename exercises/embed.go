// Package exercises embeds the course's exercises, one Markdown file each,
// and course.yaml, the settings of the whole set (its required languages).
package exercises

import "embed"

// FS holds the exercise files and course.yaml.
//
//go:embed *.md course.yaml
var FS embed.FS

// Package procgroup starts a learner's program (an MCP server or client
// under check) in a process group of its own, so that ending the check
// ends everything the program started too. The server check and the
// client check share it.
package procgroup

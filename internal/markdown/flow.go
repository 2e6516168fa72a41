package markdown

import (
	"fmt"
	"strings"
)

// A ```flow block is a decision diagram written as an indented tree: the
// first line is the root question; each further line is "answer: node",
// indented two spaces more than the node it answers; a node that starts
// with "= " is an outcome (a leaf), any other node is a question.
//
//	Is there a `method`?
//	  yes: Is there an `id`?
//	    yes: = A request
//	    no: = A notification
//	  no: = A response
//
// Limits bound the work done and keep the picture readable.
const (
	maxFlowNodes = 40
	maxFlowDepth = 6
)

// flowNode is one box of a decision diagram.
type flowNode struct {
	line     int
	answer   string // the label of the edge from its parent ("" for the root)
	text     string
	leaf     bool
	children []*flowNode
}

// parseFlow reads the flow syntax; lines[i] is at line firstLine+i.
func parseFlow(lines []string, firstLine int) (*flowNode, error) {
	var root *flowNode
	var stack []*flowNode // stack[d] is the last node at depth d
	count := 0
	for i, raw := range lines {
		n := firstLine + i
		if strings.TrimSpace(raw) == "" {
			continue
		}
		indent := len(raw) - len(strings.TrimLeft(raw, " "))
		if indent%2 != 0 || strings.HasPrefix(strings.TrimLeft(raw, " "), "\t") {
			return nil, &Error{Line: n, Msg: "flow: indent each answer by two spaces more than its question"}
		}
		depth := indent / 2
		line := strings.TrimSpace(raw)
		count++
		if count > maxFlowNodes {
			return nil, &Error{Line: n, Msg: fmt.Sprintf("flow: more than %d boxes; split the diagram", maxFlowNodes)}
		}
		if depth > maxFlowDepth {
			return nil, &Error{Line: n, Msg: fmt.Sprintf("flow: deeper than %d levels", maxFlowDepth)}
		}
		node := &flowNode{line: n}
		if root == nil {
			if depth != 0 {
				return nil, &Error{Line: n, Msg: "flow: the first line is the root question, not indented"}
			}
			node.text = line
			root, stack = node, []*flowNode{node}
			continue
		}
		if depth == 0 || depth > len(stack) {
			return nil, &Error{Line: n, Msg: "flow: this answer is not indented under a question (two spaces per level)"}
		}
		answer, text, ok := strings.Cut(line, ": ")
		if !ok || strings.TrimSpace(answer) == "" || strings.TrimSpace(text) == "" {
			return nil, &Error{Line: n, Msg: `flow: write an answer as "label: next question" or "label: = outcome"`}
		}
		node.answer, node.text = strings.TrimSpace(answer), strings.TrimSpace(text)
		if rest, isLeaf := strings.CutPrefix(node.text, "= "); isLeaf {
			node.text, node.leaf = strings.TrimSpace(rest), true
		}
		parent := stack[depth-1]
		if parent.leaf {
			return nil, &Error{Line: n, Msg: "flow: an outcome (\"= …\") has no answers under it"}
		}
		parent.children = append(parent.children, node)
		stack = append(stack[:depth], node)
	}
	if root == nil {
		return nil, &Error{Line: firstLine, Msg: "flow: the diagram is empty: start with a question"}
	}
	var check func(*flowNode) error
	check = func(f *flowNode) error {
		if !f.leaf && len(f.children) == 0 {
			return &Error{Line: f.line, Msg: "flow: this question has no answers: indent its answers under it, or make it an outcome with \"= \""}
		}
		for _, c := range f.children {
			if err := check(c); err != nil {
				return err
			}
		}
		return nil
	}
	if err := check(root); err != nil {
		return nil, err
	}
	return root, nil
}

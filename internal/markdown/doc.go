// Package markdown renders the course's lessons from Markdown to HTML.
//
// This comment is also the reference for instructors: it lists what a lesson
// may use beyond plain Markdown.
//
// # Markdown
//
// Lessons are GitHub-flavoured Markdown: headings, lists, links, emphasis,
// `code`, tables, ~~strikethrough~~, task lists (- [ ] / - [x]) and bare
// URLs, which become links. HTML written in a lesson is shown as text, not
// interpreted: writing <tool-name> in a sentence shows "<tool-name>".
//
// # Headings
//
// Every heading gets an id made from its text: lower case, accents removed,
// other characters turned into dashes, so "## Cycle de vie : poignée de main"
// can be linked as #cycle-de-vie-poignee-de-main. A second heading with the
// same text gets "-1", a third "-2". Level 2 and 3 headings (## and ###) make
// the lesson's table of contents. A "#" link next to each heading lets a
// reader copy a link to it.
//
// # Code blocks
//
// A fenced block gets a copy button. Blocks marked json (also jsonc, jsonl,
// json5) are coloured: keys, strings, numbers, true/false, null,
// punctuation and // comments. Invalid JSON is fine — "common mistake"
// examples are broken on purpose — and is coloured as far as it can be read:
//
//	```json
//	{"jsonrpc": "2.0", "id": 1, "method": "tools/list"}
//	```
//
// # Callouts
//
// A blockquote whose first line is one of these markers becomes a callout
// with a title in the lesson's language:
//
//	> [!NOTE]      "Note" / "À noter"
//	> [!MISTAKE]   "Common mistake" / "Erreur fréquente"
//	> [!SPEC]      "Spec vs tutorials" / "La spec et les tutoriels", for
//	>              where popular tutorials differ from the spec
//	> [!CHECK]     "Check your understanding" / "Vérifiez votre compréhension"
//
// For example:
//
//	> [!MISTAKE]
//	> A notification has no `id`. Adding `"id": null` does not make it one.
//
// [!CHECK] is the self-check question at the end of a lesson. Its first
// paragraph is the question; everything after it is the answer, hidden behind
// "Show answer" / "Voir la réponse". Separate them with a line holding only >:
//
//	> [!CHECK]
//	> A message has no `id`. What kind of message is it?
//	>
//	> A notification: nobody answers it.
//
// Any other marker, such as [!TIP], is an error, as is a callout with no
// text or a [!CHECK] with no answer.
//
// # Sequence diagrams
//
// A fenced block with the info string sequence is drawn as a diagram:
//
//	```sequence
//	participant C as Client
//	participant S as Gift server
//	C->>S: initialize (id 1)
//	S-->>C: result (id 1)
//	C-)S: notifications/initialized
//	Note over C,S: the session is ready
//	```
//
// One statement per line:
//
//	participant ID            declares a participant (optional: participants
//	participant ID as Label   also appear in order of first use); the label
//	                          is what the diagram shows, the ID what the
//	                          lines use (letters, digits and _)
//	A->>B: text               a request: solid line, filled arrowhead
//	A-->>B: text              a response: dashed line, filled arrowhead
//	A-)B: text                a notification: solid line, open arrowhead
//	A--xB: text               an error response: dashed line, cross
//	A->>A: text               a message to oneself draws a loop
//	A->>!B: text              ! after any arrow: a message with a problem
//	                          (thick line, a cross before its text)
//	A->>?B: text              ? after any arrow: a request that no
//	                          response answered (dotted line)
//	Note over A: text         a note over one participant,
//	Note over A,B: text       or spanning several;
//	Note left of A: text      also left of / right of one participant
//	# comment                 comments and blank lines are ignored
//
// Text between `backquotes` is shown in code font. A mistake stops
// check-content with the line to fix, for example
// "line 12: unknown arrow "->": use ->> for a request, …".
//
// The diagram is an SVG in the page, with a title and a description that
// list the messages in words for screen readers, in the lesson's language.
//
// # Decision diagrams
//
// A fenced block with the info string flow is drawn as a decision tree: the
// first line is the root question; each further line answers the node above
// it, indented two spaces per level, as "answer: next question" or
// "answer: = outcome" (a leaf):
//
//	```flow
//	Is there a `method`?
//	  yes: Is there an `id`?
//	    yes: = A request
//	    no: = A notification
//	  no: = A response
//	```
//
// At most 40 boxes and 6 levels. The SVG (<figure class="flow"><svg
// class="flow-svg">, groups flow-question, flow-outcome, flow-edge and text
// flow-answer-label) has a title naming the first question and a
// description that reads the whole tree.
//
// # For the site
//
// The HTML uses no inline script, event handler or style attribute, so it
// passes a strict Content-Security-Policy. What the site's CSS and script
// (static/css/app.css, static/js/app.js) hook onto:
//
//   - headings: <h2 id="…">…<a class="anchor" href="#…" aria-label="…">#</a></h2>
//   - callouts: <aside class="callout callout-note|mistake|spec|check"
//     role="note" aria-label="title"> starting with <p class="callout-title">;
//     a check's answer is in <details class="callout-answer">
//   - code: <div class="code"><pre tabindex="0"><code class="language-…">…</code></pre>
//     <button type="button" class="copy" data-copy data-copied="Copied" hidden>Copy</button></div>;
//     the script un-hides the button and copies the <code>'s text on click.
//     JSON tokens are spans j-key, j-str, j-num, j-bool, j-null, j-punc and
//     j-comment; j-err marks what JSON does not allow.
//   - diagrams: <figure class="sequence"><svg class="seq-svg" role="img">,
//     with groups seq-actor, seq-lifeline, seq-msg plus seq-msg-request,
//     seq-msg-response, seq-msg-notification or seq-msg-error, seq-note, and
//     tspan seq-code. It is drawn in currentColor, so it follows the text
//     colour of light and dark themes; the classes add colour.
package markdown

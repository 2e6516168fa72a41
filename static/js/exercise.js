// The exercise page without JavaScript is a plain form: the answer is
// posted, stored, and the page comes back with the feedback. This script
// makes it comfortable: an editor with line numbers, Tab indents,
// Ctrl/Cmd+Enter checks, the line and column of each problem marked in the
// answer, answers and hints sent without reloading the page.
(() => {
  "use strict";
  const page = document.querySelector(".ex-page");
  if (!page) return;
  const form = document.getElementById("answer-form");
  const textarea = document.getElementById("answer");
  const feedback = document.getElementById("feedback");
  const INDENT = "  ";
  let currentMarks = []; // {line, col, severity, text} of each located problem

  // ---- Editor: gutter with line numbers, and a backdrop for the marks.
  const editor = textarea && textarea.closest("[data-editor]");
  let gutter, backdrop;
  if (editor) {
    editor.classList.add("enhanced");
    gutter = document.createElement("div");
    gutter.className = "editor-gutter";
    gutter.setAttribute("aria-hidden", "true");
    const surface = document.createElement("div");
    surface.className = "editor-surface";
    backdrop = document.createElement("div");
    backdrop.className = "editor-backdrop";
    backdrop.setAttribute("aria-hidden", "true");
    editor.insertBefore(gutter, textarea);
    editor.insertBefore(surface, textarea);
    surface.appendChild(backdrop);
    surface.appendChild(textarea);
    textarea.addEventListener("input", () => { clearMarks(); refresh(); });
    textarea.addEventListener("scroll", syncScroll);
    refresh();
  }

  function lineCount() { return textarea.value.split("\n").length; }

  function refresh() {
    const n = lineCount();
    textarea.rows = Math.min(Math.max(n + 1, 8), 30);
    const marks = currentMarks;
    const frag = document.createDocumentFragment();
    for (let i = 1; i <= n; i++) {
      const d = document.createElement("div");
      d.textContent = String(i);
      const m = marks.filter((mk) => mk.line === i);
      if (m.length) {
        d.className = "mark-" + worst(m);
        d.title = m.map((mk) => mk.text).join("\n");
      }
      frag.appendChild(d);
    }
    gutter.replaceChildren(frag);
    drawBackdrop();
    syncScroll();
  }

  function syncScroll() {
    gutter.scrollTop = textarea.scrollTop;
    backdrop.scrollTop = textarea.scrollTop;
    backdrop.scrollLeft = textarea.scrollLeft;
  }

  function worst(marks) {
    return marks.some((m) => m.severity === "error") ? "error" : "warning";
  }

  // ---- Marks: the line and column of each problem in the feedback.

  function readMarks() {
    currentMarks = [];
    if (!feedback) return;
    feedback.querySelectorAll(".problem[data-line]").forEach((p) => {
      const line = parseInt(p.dataset.line, 10), col = parseInt(p.dataset.col, 10);
      if (!(line > 0)) return;
      const msg = p.querySelector(".msg");
      currentMarks.push({
        line: line, col: col > 0 ? col : 1,
        severity: p.classList.contains("problem-error") ? "error" : "warning",
        text: msg ? msg.textContent.trim() : ""
      });
    });
  }

  function clearMarks() {
    if (currentMarks.length === 0) return;
    currentMarks = [];
    page.querySelectorAll(".editor-backdrop mark").forEach((m) => { m.remove(); });
  }

  // markLength guesses how far the problem at col extends: a whole string,
  // a whole word or number, else one character.
  function markLength(chars, i) {
    if (i >= chars.length) return 0;
    if (chars[i] === '"') {
      for (let j = i + 1; j < chars.length; j++) {
        if (chars[j] === "\\") { j++; continue; }
        if (chars[j] === '"') return j - i + 1;
      }
      return chars.length - i;
    }
    let k = i;
    while (k < chars.length && /[\w.+\-]/.test(chars[k])) k++;
    return Math.max(k - i, 1);
  }

  function drawBackdrop() {
    if (!backdrop) return;
    const lines = textarea.value.split("\n");
    const frag = document.createDocumentFragment();
    lines.forEach((text, idx) => {
      const chars = Array.from(text); // columns count characters, not UTF-16 units
      const onLine = currentMarks.filter((m) => m.line === idx + 1)
        .sort((a, b) => a.col - b.col);
      let pos = 0;
      onLine.forEach((m) => {
        let start = Math.max(m.col - 1, pos);
        if (start > chars.length) start = chars.length;
        frag.appendChild(document.createTextNode(chars.slice(pos, start).join("")));
        const len = markLength(chars, start);
        const mk = document.createElement("mark");
        mk.className = "mark-" + m.severity;
        mk.dataset.line = String(m.line);
        mk.dataset.col = String(m.col);
        mk.textContent = len > 0 ? chars.slice(start, start + len).join("") : " ";
        frag.appendChild(mk);
        pos = start + len;
      });
      frag.appendChild(document.createTextNode(chars.slice(pos).join("") + "\n"));
    });
    frag.appendChild(document.createTextNode(" "));
    backdrop.replaceChildren(frag);
  }

  // ---- Keys: Tab indents, Shift+Tab dedents, Esc then Tab leaves the
  // editor (so the keyboard is never trapped), Enter keeps the indentation,
  // Ctrl/Cmd+Enter checks the answer.
  let escaped = false;
  if (textarea) {
    textarea.addEventListener("keydown", (e) => {
      if (e.isComposing) return; // an input method is building a character
      if (e.key === "Escape") { escaped = true; return; }
      if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
        e.preventDefault();
        submitForm();
        return;
      }
      if (e.key === "Tab" && !escaped && !e.altKey && !e.ctrlKey && !e.metaKey) {
        e.preventDefault();
        indent(e.shiftKey);
        return;
      }
      if (e.key === "Enter" && !e.shiftKey && !e.altKey) {
        const v = textarea.value, s = textarea.selectionStart;
        const lineStart = v.lastIndexOf("\n", s - 1) + 1;
        let lead = /^[ \t]*/.exec(v.slice(lineStart, s))[0];
        const prev = v.slice(lineStart, s).trimEnd().slice(-1);
        if (prev === "{" || prev === "[") lead += INDENT;
        e.preventDefault();
        insertText("\n" + lead);
        return;
      }
      escaped = false;
    });
  }

  function insertText(text) {
    textarea.focus();
    // execCommand keeps the browser's undo history; setRangeText is the
    // fallback where it is missing.
    if (!document.execCommand || !document.execCommand("insertText", false, text)) {
      textarea.setRangeText(text, textarea.selectionStart, textarea.selectionEnd, "end");
      textarea.dispatchEvent(new Event("input"));
    }
  }

  function indent(out) {
    const v = textarea.value, s = textarea.selectionStart, e = textarea.selectionEnd;
    if (s === e && !out) { insertText(INDENT); return; }
    const first = v.lastIndexOf("\n", s - 1) + 1;
    const last = e > s && v[e - 1] === "\n" ? e - 1 : e;
    const block = v.slice(first, last);
    const lines = block.split("\n");
    const changed = lines.map((l) => {
      if (!out) return INDENT + l;
      return l.replace(/^( {1,2}|\t)/, "");
    }).join("\n");
    textarea.setSelectionRange(first, last);
    insertText(changed);
    textarea.setSelectionRange(first, first + changed.length);
  }

  // ---- Going to a problem: "Line 5, column 3" moves the caret there.
  function goTo(line, col) {
    if (!textarea) return;
    const lines = textarea.value.split("\n");
    let off = 0;
    for (let i = 0; i < line - 1 && i < lines.length; i++) off += lines[i].length + 1;
    const chars = Array.from(lines[Math.min(line, lines.length) - 1] || "");
    off += chars.slice(0, Math.max(col - 1, 0)).join("").length;
    textarea.focus();
    textarea.setSelectionRange(off, off);
    const lh = parseFloat(getComputedStyle(textarea).lineHeight) || 20;
    textarea.scrollTop = Math.max(0, (line - 3) * lh);
  }
  page.addEventListener("click", (e) => {
    const a = e.target.closest("[data-goto]");
    if (!a) return;
    const p = a.closest(".problem");
    if (!p || !textarea) return;
    e.preventDefault();
    goTo(parseInt(p.dataset.line, 10), parseInt(p.dataset.col, 10));
  });

  // ---- Reset to the starter.
  const reset = page.querySelector("[data-reset]");
  if (reset && textarea) {
    reset.addEventListener("click", (e) => {
      e.preventDefault();
      textarea.focus();
      textarea.select();
      insertText(textarea.dataset.starter || "");
      textarea.setSelectionRange(0, 0);
      textarea.scrollTop = 0;
      // The old verdict was about another answer.
      if (feedback) feedback.innerHTML = "";
    });
  }

  // ---- Sending the answer with request.js, falling back to the form.
  const working = form && form.querySelector("[data-working]");
  let busy = false;

  function submitForm() {
    if (!form) return;
    if (form.requestSubmit) form.requestSubmit(); else sendAnswer();
  }

  // answerOf reads the answer in the shape the page declares
  // (data-answer, data-choice: the kind's entry in the registry): the
  // editor's text, or {"answers": [...]} with one choice per item, each a
  // string or a number. null when a choice is missing: the plain form
  // then says which.
  function answerOf() {
    if (form.dataset.answer !== "choices") return textarea ? textarea.value : "";
    const items = form.querySelectorAll(".ex-item");
    const answers = [];
    for (let i = 0; i < items.length; i++) {
      const field = form.elements["item-" + (i + 1)];
      const v = field ? field.value : "";
      if (v === "") return null;
      answers.push(form.dataset.choice === "number" ? parseInt(v, 10) : v);
    }
    return { answers: answers };
  }

  function showError(msg) {
    let el = form.querySelector(".ex-error");
    if (!el) {
      el = document.createElement("p");
      el.className = "ex-error";
      el.setAttribute("role", "alert");
      form.querySelector(".ex-actions").before(el);
    }
    el.textContent = msg;
  }

  function clearError() {
    const el = form.querySelector(".ex-error");
    if (el) el.remove();
  }

  // The console's script shows its errors here too, in the same place:
  // "editor:error" with {message}, or with no detail to clear it.
  document.addEventListener("editor:error", (e) => {
    if (e.detail && e.detail.message) showError(e.detail.message); else clearError();
  });

  function sendAnswer() {
    if (busy) return;
    const answer = answerOf();
    if (answer === null) { form.submit(); return; }
    busy = true;
    if (working) working.hidden = false;
    window.playground.postJSON(form.dataset.api, { answer }).then((r) => {
      clearError();
      applyResult(r);
    }).catch((err) => {
      // A refusal with the server's words ({"error"}) is shown here.
      // Anything else (the server unreachable, an answer that is not JSON)
      // falls back to the plain form, which still works and shows what
      // happened.
      if (err instanceof window.playground.HTTPError && err.body) { showError(err.body.error || ""); return; }
      form.submit();
    }).finally(() => {
      busy = false;
      if (working) working.hidden = true;
    });
  }

  function applyResult(r) {
    feedback.innerHTML = r.feedback_html;
    const sol = document.getElementById("solution-box");
    if (sol && r.solution_html) sol.outerHTML = r.solution_html;
    const state = document.getElementById("ex-state");
    if (state) {
      const badge = state.querySelector(".badge");
      if (badge) {
        badge.className = "badge badge-" + r.status;
        badge.dataset.status = r.status;
        badge.textContent = r.status_label;
      }
      let count = state.querySelector(".ex-attempts");
      const label = page.dataset.attemptsLabel;
      if (!count) {
        count = document.createElement("span");
        count.className = "ex-attempts";
        state.appendChild(count);
      }
      count.textContent = (label || "%d").replace("%d", r.attempts);
    }
    form.querySelectorAll(".ex-item").forEach((it) => { it.classList.remove("ex-item-failed"); });
    (r.checks || []).forEach((c) => {
      const m = /^\/answers\/(\d+)$/.exec(c.pointer || "");
      if (m && !c.passed) {
        const it = form.querySelector('.ex-item[data-item="' + (parseInt(m[1], 10) + 1) + '"]');
        if (it) it.classList.add("ex-item-failed");
      }
    });
    if (textarea) { readMarks(); refresh(); }
    document.dispatchEvent(new CustomEvent("exercise:graded", { detail: r }));
  }

  if (form && window.fetch && form.dataset.api) {
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      sendAnswer();
    });
  }

  // ---- Hints without reloading.
  page.addEventListener("submit", (e) => {
    const hf = e.target.closest(".hint-form");
    if (!hf || !window.fetch || !hf.dataset.api) return;
    e.preventDefault();
    const n = parseInt(hf.elements.hint.value, 10);
    window.playground.postJSON(hf.dataset.api, { hint: n }).then((r) => {
      const box = document.getElementById("hint-box");
      box.outerHTML = r.html;
      const title = document.querySelector('.hint[data-hint="' + r.revealed + '"] .hint-title');
      if (title) { title.tabIndex = -1; title.focus(); }
    }).catch(() => { hf.submit(); });
  });

  if (textarea) { readMarks(); refresh(); }

  // The console (console.js) reuses this editor and writes its own report
  // in #feedback as the learner types: mark that report too.
  document.addEventListener("editor:marks", () => {
    if (textarea) { readMarks(); refresh(); }
  });
})();

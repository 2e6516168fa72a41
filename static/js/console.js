// The console without JavaScript is a set of forms: send, check, handshake,
// reset, templates; the page comes back with the timeline up to date. This
// script makes it live: messages go through request.js, the message in the
// editor is checked as the learner types, as the next message of the
// session (POST /api/console/peek), what the server sends on its own
// arrives on an event stream (GET /api/console/events),
// each request's item turns "answered" when its response comes, and the
// sequence diagram follows. The editor itself (line numbers, Tab, marks
// from the report in #feedback, Ctrl+Enter) is exercise.js's: the page
// keeps its contract (.ex-page, #answer-form, #answer, #feedback) and this
// script sends "editor:marks" when the report changes and "editor:error"
// for the errors shown under the editor.
(() => {
  "use strict";
  const page = document.querySelector("[data-console]");
  if (!page || !window.fetch) return;
  const d = page.dataset;
  const form = document.getElementById("answer-form");
  const textarea = document.getElementById("answer");
  let reportBox = document.getElementById("report-box");
  const list = document.getElementById("tl-list");
  const empty = page.querySelector("[data-timeline-empty]");
  const diagramBox = page.querySelector("[data-diagram]");
  const stateLine = page.querySelector("[data-state]");
  const handshake = page.querySelector("[data-handshake]");
  const live = page.querySelector("[data-live]");
  const working = form.querySelector("[data-working]");
  const exercise = document.getElementById("exercise");
  let lastSeq = parseInt(d.lastSeq, 10) || 0;
  let protocol = d.protocol || "";
  const notInitialized = d.tNotInit;
  // ?exercise= travels with the template calls: it chooses the revision
  // initialize asks for.
  const exerciseQuery = exercise ? "exercise=" + encodeURIComponent(exercise.dataset.exercise) : "";

  // format fills "%d" (or "%s") with v, and picks the singular or plural of
  // each "{one|other}" by v, as i18n.Sprintf does on the server (French
  // takes the singular for 0 and 1).
  function format(s, v) {
    const one = document.documentElement.lang === "fr" ? v <= 1 : v === 1;
    return String(s || "").replace(/\{([^|}]*)\|([^}]*)\}/g, (_, a, b) => one ? a : b).replace(/%[ds]/, v);
  }

  const request = window.playground.request;

  function post(url, body, type) {
    return request(url, { method: "POST", body: body, headers: { "Content-Type": type || "text/plain; charset=utf-8" } });
  }

  function withQuery(url, q) {
    if (!q) return url;
    return url + (url.indexOf("?") < 0 ? "?" : "&") + q;
  }

  function fragment(html) {
    const t = document.createElement("template");
    t.innerHTML = html;
    return t.content.firstElementChild;
  }

  // ---- Errors under the editor: exercise.js shows them ("editor:error").
  function showError(msg) {
    document.dispatchEvent(new CustomEvent("editor:error", { detail: { message: msg } }));
  }
  function clearError() {
    document.dispatchEvent(new CustomEvent("editor:error"));
  }

  // ---- The session's revision: the line above the editor, the handshake
  // button, and the revision the editor's message is checked against.
  function setProtocol(p) {
    if (p === undefined || p === protocol) return;
    protocol = p || "";
    if (stateLine) stateLine.textContent = protocol ? format(d.tProtocol, protocol) : notInitialized;
    if (handshake) handshake.hidden = !!protocol;
  }

  // ---- The timeline.
  function nearBottom() {
    return list.scrollHeight - list.scrollTop - list.clientHeight < 40;
  }

  // newer says whether next, a copy of a timeline item, may replace prev:
  // an event copied before a later message changed it (the reply to a POST
  // arriving after the event stream told of the answer) must not undo the
  // change. data-version is the latest message that changed the item.
  function newer(next, prev) {
    return (parseInt(next.dataset.version, 10) || 0) >= (parseInt(prev.dataset.version, 10) || 0);
  }

  function replaceItem(prev, next) {
    if (!newer(next, prev)) return;
    prev.replaceWith(next);
    fold(next);
  }

  function addEvent(o) {
    const stick = nearBottom();
    const el = fragment(o.html);
    const old = document.getElementById("msg-" + o.seq);
    if (old) {
      replaceItem(old, el);
    } else {
      let before = null;
      for (let i = list.children.length - 1; i >= 0; i--) {
        if (parseInt(list.children[i].dataset.seq, 10) < o.seq) break;
        before = list.children[i];
      }
      list.insertBefore(el, before);
      fold(el);
    }
    (o.updates || []).forEach((u) => {
      const prev = document.getElementById("msg-" + u.seq);
      if (prev) replaceItem(prev, fragment(u.html));
    });
    lastSeq = Math.max(lastSeq, o.seq);
    empty.hidden = true;
    setProtocol(o.protocol);
    if (stick) list.scrollTop = list.scrollHeight;
    scheduleDiagram();
  }

  // fold folds a new item's long message as app.js does on load.
  function fold(el) {
    if (el && el.nodeType === 1 && window.playgroundFold) window.playgroundFold(el);
  }

  function clearTimeline(m) {
    let data = {};
    try { data = JSON.parse((m && m.data) || "{}"); } catch (e) { /* a plain reset */ }
    if (data.restarted) showRestarted();
    list.replaceChildren();
    lastSeq = 0;
    empty.hidden = false;
    setProtocol("");
    scheduleDiagram();
  }

  // showRestarted says, above the timeline, that the session the page knew
  // is gone (the page without JavaScript says it the same way).
  function showRestarted() {
    if (page.querySelector("[data-restarted]")) return;
    const p = document.createElement("p");
    p.className = "tl-restarted";
    p.setAttribute("role", "status");
    p.setAttribute("data-restarted", "");
    p.textContent = d.tRestarted;
    const actions = page.querySelector(".tl-actions");
    actions.parentNode.insertBefore(p, actions);
  }

  // ---- The diagram, redrawn by the server a moment after the last message.
  let diagramTimer = null;
  function scheduleDiagram() {
    clearTimeout(diagramTimer);
    diagramTimer = setTimeout(() => {
      request(d.diagramApi, { as: "text" }).then((html) => {
        diagramBox.innerHTML = html; // the server's own SVG, every label escaped
      }).catch(() => { /* the last diagram stays */ });
    }, 200);
  }

  // ---- The event stream: notifications, server requests and slow
  // responses arrive while nothing is being sent.
  let stream = null;
  function setLive(on) {
    if (!live) return;
    live.hidden = false;
    live.textContent = on ? d.tLiveOn : d.tLiveOff;
    live.classList.toggle("tl-live-off", !on);
  }
  function openStream() {
    if (stream || !window.EventSource) return;
    stream = new EventSource(withQuery(d.eventsApi, "after=" + lastSeq));
    stream.onmessage = (m) => {
      try { addEvent(JSON.parse(m.data)); } catch (e) { /* a malformed event is skipped */ }
    };
    stream.addEventListener("reset", clearTimeline);
    stream.onopen = () => { setLive(true); };
    stream.onerror = () => {
      if (stream && stream.readyState === EventSource.CLOSED) {
        // No session yet (204) or the server refused: opened again after
        // the next message sent.
        stream = null;
        if (live) live.hidden = true;
        return;
      }
      setLive(false);
    };
  }

  // ---- Sending, one message at a time, in the order the learner asked.
  // A press on Send is never lost. The message in the editor goes as soon
  // as the messages before it have gone (the previous one, or the
  // handshake the page sends for the learner): it waits its turn, as a chat
  // sends a message written while the last one is still going, and
  // "Sending…" stays shown until the last one has gone. Waiting rather
  // than a Send button refused while a message goes: the learner asked to
  // send, and the gift server reads the messages in the order they were
  // asked for. At most one message of the editor waits: a press while it
  // waits changes it to what the editor holds then, and a press on the
  // very message already on its way is the same send (a double press sends
  // it once). Reset and "Check my exchange" wait their turn too, so they
  // come after the messages sent before them.
  let line = Promise.resolve(); // the end of the queue
  const inLine = (job) => {
    const p = line.then(job);
    line = p.catch(() => { /* the next one goes all the same */ });
    return p;
  };

  let sending = 0; // messages waiting or on their way
  const sendInLine = (job) => {
    sending++;
    if (working) working.hidden = false;
    return inLine(job).finally(() => {
      sending--;
      if (working) working.hidden = sending === 0;
    });
  };

  let editorGoing = null; // the editor's message on its way
  let editorWaiting = null; // { text } of the editor's message waiting its turn
  const sendEditor = () => {
    const text = textarea.value;
    if (editorWaiting) {
      editorWaiting.text = text;
      return;
    }
    if (text === editorGoing) return;
    const job = { text };
    editorWaiting = job;
    sendInLine(() => {
      editorWaiting = null;
      editorGoing = job.text;
      return send(job.text, true).finally(() => { editorGoing = null; });
    });
  };

  // send sends text, the next in line: fromEditor says it is the editor's
  // message: the editor then offers the next message the server proposes
  // (r.next: the same request with the next free id, or the step that
  // follows), and the report says the message went. Any other message sent
  // (the handshake) changes the session, so the editor's report is redone.
  // It resolves to the server's answer, or null.
  function send(text, fromEditor) {
    clearTimeout(checkTimer);
    checkGen++; // a check still on its way is about the session before
    return post(d.messagesApi, text).then((r) => {
      clearError();
      (r.events || []).forEach(addEvent);
      setProtocol(r.protocol);
      openStream();
      // The learner may have started the next message while this one
      // went (the event stream can tell of it first, and a message may be
      // waiting its turn): theirs stays.
      if (fromEditor && r.next && textarea.value === text) {
        sent = { seq: r.events && r.events.length ? r.events[0].seq : 0 };
        offer(r.next);
      }
      checkNow();
      return r;
    }).catch((err) => {
      showError(err.message);
      return null;
    });
  }

  form.addEventListener("submit", (e) => {
    e.preventDefault();
    if (e.submitter && e.submitter.value === "check") {
      checkNow();
      return;
    }
    sendEditor();
  });

  // ---- Templates and responses to the server's requests, filled in by the
  // server for this session (next id, request in flight, waiting request).
  function template(key, q) {
    const url = withQuery(withQuery(d.templateApi + encodeURIComponent(key), "lang=" + page.dataset.lang), exerciseQuery);
    return request(withQuery(url, q), { method: "GET" }).then((r) => r.text);
  }

  // offer puts the next message in the editor, keeping the focus where it
  // is (the learner may be on the Send button). A learner who has just
  // selected the whole message in the editor, to write another in its
  // place, keeps the whole editor selected: the answer to the last send
  // may arrive between their Ctrl+A and their first key, and a caret
  // moved to the start would have them type in front of the offered
  // message, two JSON values in one.
  let offering = false;
  function offer(text) {
    const wholeSelected = document.activeElement === textarea && textarea.value !== "" &&
      textarea.selectionStart === 0 && textarea.selectionEnd === textarea.value.length;
    textarea.value = text;
    offering = true;
    textarea.dispatchEvent(new Event("input"));
    offering = false;
    if (wholeSelected) textarea.select(); else textarea.setSelectionRange(0, 0);
    textarea.scrollTop = 0;
  }

  // holdsInitialize: the editor still holds an initialize request (the
  // first message the page offers), which the handshake has just sent.
  function holdsInitialize() {
    try { return JSON.parse(textarea.value).method === "initialize"; } catch (e) { return textarea.value.trim() === ""; }
  }

  function setEditor(text) {
    textarea.value = text;
    textarea.dispatchEvent(new Event("input")); // exercise.js redraws, the report follows
    textarea.focus();
    textarea.setSelectionRange(0, 0);
    textarea.scrollTop = 0;
  }

  const tplForm = page.querySelector("[data-templates]");
  if (tplForm) {
    tplForm.addEventListener("submit", (e) => {
      e.preventDefault();
      const key = tplForm.elements.template.value;
      if (!key) return;
      template(key).then(setEditor, (err) => { showError(err.message); });
    });
  }

  list.addEventListener("click", (e) => {
    const a = e.target.closest("[data-answer]");
    if (!a) return;
    e.preventDefault();
    template("reply", "reply=" + a.dataset.answer).then(setEditor, (err) => { showError(err.message); });
  });

  if (handshake) {
    let handshaking = false; // a second press is the same handshake
    handshake.addEventListener("submit", (e) => {
      e.preventDefault();
      if (handshaking) return;
      handshaking = true;
      // The handshake holds the line from its first message to its last:
      // a message sent meanwhile goes after notifications/initialized.
      sendInLine(() => template("initialize").then((t) => send(t)).then((r) => {
        if (r) return template("initialized").then((t) => send(t));
      }).then((r) => {
        // What the learner typed stays; the initialize the page offered
        // is sent now, so the editor offers the next message instead.
        if (r && r.next && holdsInitialize()) offer(r.next);
        // The button hides itself once the session has a revision: keep
        // the keyboard where the learner goes on, in the editor.
        textarea.focus();
      })).catch((err) => { showError(err.message); }).finally(() => { handshaking = false; });
    });
  }

  // ---- Reset and copy.
  const resetForm = page.querySelector("[data-reset-form]");
  if (resetForm) {
    resetForm.addEventListener("submit", (e) => {
      e.preventDefault();
      inLine(() => post(d.resetApi, "")).then(clearTimeline, (err) => { showError(err.message); });
    });
  }

  const copyBtn = page.querySelector("[data-copy-exchange]");
  if (copyBtn) {
    copyBtn.hidden = false;
    copyBtn.addEventListener("click", () => {
      request(d.exportUrl, { as: "text" }).then((text) => {
        window.playgroundCopy(text, () => {
          copyBtn.textContent = d.tCopied;
          setTimeout(() => { copyBtn.textContent = d.tCopy; }, 1600);
        });
      }, (err) => { showError(err.message); });
    });
  }

  // ---- The report before sending, as the learner types.
  let checkTimer = null, checkGen = 0;
  textarea.addEventListener("input", () => {
    if (!offering) sent = null; // the learner's own change
    clearTimeout(checkTimer);
    checkTimer = setTimeout(checkNow, 300);
  });

  // sent is the number in the timeline of the editor's message last sent:
  // until the learner changes the message offered next, the report says
  // the last one went.
  let sent = null;

  function checkNow() {
    clearTimeout(checkTimer);
    const text = textarea.value;
    const gen = ++checkGen;
    if (!text.trim()) { renderReport(null, null); return; }
    post(withQuery(d.peekApi, exerciseQuery), text).then((r) => {
      if (gen !== checkGen) return;
      renderReport(r.report, r.answers ? { seq: r.answers, method: r.answers_method } : null);
      if (sent) noteSent(sent.seq);
    }).catch(() => { /* the report stays as it was */ });
  }

  function inlineHTML(s) {
    const out = document.createDocumentFragment();
    String(s).split(/`([^`]+)`/).forEach((part, i) => {
      if (i % 2 === 1) {
        const c = document.createElement("code");
        c.textContent = part;
        out.appendChild(c);
      } else if (part) {
        out.appendChild(document.createTextNode(part));
      }
    });
    return out;
  }

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  // noteSent says, above the report on the message offered next, that the
  // editor's last message went, as #seq.
  function noteSent(seq) {
    reportBox.setAttribute("data-report-sent", "");
    reportBox.prepend(el("p", "muted small report-sent", format(d.tSent, seq)));
  }

  // renderReport writes the markup of view.ConsoleReport.
  function renderReport(rep, req) {
    const box = el("div");
    box.id = "report-box";
    box.setAttribute("data-report", "");
    if (!rep) {
      box.appendChild(el("p", "muted small", d.tEmpty));
    } else {
      const diags = rep.diagnostics || [];
      const errs = diags.filter((x) => x.severity === "error").length;
      let summary = errs > 0 ? format(d.tErrors, errs) : diags.length > 0 ? format(d.tWarnings, diags.length) : d.tValid;
      if (req) {
        summary += " " + d.tAsReply.replace("%d", req.seq).replace("%s", req.method);
      }
      box.appendChild(el("p", "report-summary " + (rep.valid ? "report-ok" : "report-ko"), summary));
      if (diags.length) {
        const ul = el("ul", "report-list");
        diags.forEach((x) => {
          const p = el("div", "problem problem-" + x.severity);
          p.dataset.line = String(x.line || 0);
          p.dataset.col = String(x.column || 0);
          p.dataset.code = x.code || "";
          p.dataset.pointer = x.pointer || "";
          p.dataset.suggestion = x.suggestion || "";
          if (x.line > 0) {
            const at = el("p", "at");
            const a = el("a", "", d.atLineCol.replace("%d", x.line).replace("%d", x.column));
            a.href = "#answer";
            a.setAttribute("data-goto", "");
            at.appendChild(a);
            p.appendChild(at);
          }
          let msg = x.message || "";
          if (x.suggestion && msg.indexOf(x.suggestion) < 0) msg += " (" + x.suggestion + ")";
          const m = el("p", "msg");
          m.appendChild(inlineHTML(msg));
          p.appendChild(m);
          if (x.code) {
            const c = el("p", "code");
            c.appendChild(el("code", "", x.code));
            p.appendChild(c);
          }
          const li = el("li");
          li.appendChild(p);
          ul.appendChild(li);
        });
        box.appendChild(ul);
      }
    }
    reportBox.replaceWith(box);
    reportBox = box;
    document.dispatchEvent(new CustomEvent("editor:marks"));
  }

  // ---- A live exercise: "Check my exchange" sends the session as the
  // exercise's answer, as any attempt.
  if (exercise) {
    const exForm = exercise.querySelector("[data-exercise-check]");
    const result = document.getElementById("ex-result");
    exForm.addEventListener("submit", (e) => {
      e.preventDefault();
      inLine(() => request(d.exchangeApi, { method: "GET" })).then((x) => {
        if (!x.exchange || x.exchange.length === 0) {
          result.replaceChildren(el("p", "ex-error", d.tNoneSent));
          return;
        }
        return post(exercise.dataset.attemptsApi, JSON.stringify({ answer: { exchange: x.exchange } }), "application/json").then((r) => {
          result.innerHTML = r.feedback_html; // rendered by the server, escaped
          // Lines and columns point into the exchange, not the editor.
          result.querySelectorAll(".problem .at, .problem .excerpt").forEach((n) => { n.remove(); });
          if (x.left_out > 0) result.prepend(el("p", "muted small", format(d.tTrimmed, x.exchange.length)));
          const badge = exercise.querySelector(".badge");
          if (badge) {
            badge.className = "badge badge-" + r.status;
            badge.dataset.status = r.status;
            badge.textContent = r.status_label;
          }
          result.focus();
        });
      }).catch((err) => { result.replaceChildren(el("p", "ex-error", err.message)); });
    });
  }

  if (textarea.value.trim() && !reportBox.querySelector(".report-summary")) checkNow();
  // The live edge: after a reload or a link the timeline shows its last
  // messages, so the ones that arrive next follow (addEvent sticks to the
  // bottom only when it is there); a link to one message keeps it.
  if (!/^#msg-\d+$/.test(location.hash)) list.scrollTop = list.scrollHeight;
  openStream();
})();

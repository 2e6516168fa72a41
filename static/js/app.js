// Comfort on top of pages that work without JavaScript: theme toggle and
// copy buttons on code blocks. Page Up and Page Down keep scrolling the
// page, as readers expect; the pager's links lead between lessons.
(() => {
  "use strict";
  const doc = document.documentElement;
  const fr = doc.lang === "fr";

  // Theme: the toggle flips between light and dark; the system choice
  // applies until the reader picks one.
  function currentTheme() {
    if (doc.dataset.theme) return doc.dataset.theme;
    return window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
  }
  document.querySelectorAll("[data-theme-toggle]").forEach((btn) => {
    btn.setAttribute("aria-pressed", currentTheme() === "dark" ? "true" : "false");
    btn.addEventListener("click", () => {
      const next = currentTheme() === "dark" ? "light" : "dark";
      doc.dataset.theme = next;
      btn.setAttribute("aria-pressed", next === "dark" ? "true" : "false");
      try { localStorage.setItem("theme", next); } catch (e) { /* ignore */ }
    });
  });

  // Copy buttons on every code block.
  const copyLabel = fr ? "Copier" : "Copy";
  const copiedLabel = fr ? "Copié\u00a0!" : "Copied!";
  document.querySelectorAll(".prose pre, pre[data-copyable]").forEach((pre) => {
    if (pre.closest(".no-copy")) return;
    const code = pre.querySelector("code") || pre;
    let btn = pre.parentElement.querySelector(":scope > button.copy");
    if (!btn) {
      btn = document.createElement("button");
      btn.type = "button";
      btn.className = "copy";
      btn.textContent = copyLabel;
      pre.insertAdjacentElement("beforebegin", btn);
      pre.parentElement.classList.add("has-copy");
    }
    btn.hidden = false;
    btn.addEventListener("click", () => {
      copyText(code.innerText, () => {
        btn.textContent = copiedLabel;
        btn.classList.add("copied");
        setTimeout(() => { btn.textContent = copyLabel; btn.classList.remove("copied"); }, 1600);
      });
    });
  });

  // copyText puts text on the clipboard, with the old-fashioned fallback
  // where the Clipboard API is missing (plain http on another machine of the
  // room), then calls done. The console's copy button uses it too.
  function copyText(text, done) {
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(done, () => { fallbackCopy(text); done(); });
      return;
    }
    fallbackCopy(text);
    done();
  }
  window.playgroundCopy = copyText;
  function fallbackCopy(text) {
    const ta = document.createElement("textarea");
    ta.value = text;
    ta.setAttribute("readonly", "");
    ta.className = "visually-hidden";
    document.body.appendChild(ta);
    ta.select();
    try { document.execCommand("copy"); } catch (e) { /* nothing more to try */ }
    ta.remove();
  }

})();

// Long messages of an exchange's timeline (web/view/exchange.templ) fold
// to their first lines; their button unfolds them, by click or keyboard.
// Without this script the button stays hidden and the message whole.
(() => {
  "use strict";
  function setFolded(box, folded) {
    const btn = box.querySelector(":scope > [data-fold]");
    if (!btn) return;
    box.classList.toggle("is-folded", folded);
    btn.setAttribute("aria-expanded", folded ? "false" : "true");
    btn.textContent = folded ? btn.dataset.show : btn.dataset.hide;
  }
  function foldIn(root) {
    const boxes = root.matches && root.matches(".tl-foldable") ? [root] : root.querySelectorAll(".tl-foldable");
    Array.prototype.forEach.call(boxes, (box) => {
      if (box.dataset.folding) return;
      box.dataset.folding = "1";
      const btn = box.querySelector(":scope > [data-fold]");
      if (btn) btn.hidden = false;
      setFolded(box, true);
    });
  }
  document.addEventListener("click", (ev) => {
    const btn = ev.target.closest && ev.target.closest("[data-fold]");
    if (!btn) return;
    const box = btn.closest(".tl-foldable");
    if (box) setFolded(box, !box.classList.contains("is-folded"));
  });
  window.playgroundFold = foldIn;
  foldIn(document);
})();

// Reading a lesson to its end counts as "read" in the learner's progress.
// Lesson pages are the same for everyone (served from memory), so the page
// reports it with a small POST rather than knowing who reads it.
(() => {
  "use strict";
  const lesson = document.querySelector("article.lesson[data-read-api]");
  if (!lesson || !window.fetch) return;
  const { request, HTTPError } = window.playground;
  let sent = false;
  // A refusal (an unknown lesson) is final; a network failure lets the
  // next sight of the end try again. keepalive lets the POST outlive a
  // reader who leaves at once; its answer (204) is not read.
  function send() {
    if (sent) return;
    sent = true;
    request(lesson.dataset.readApi, { method: "POST", keepalive: true, as: "response" })
      .catch((err) => { if (!(err instanceof HTTPError)) sent = false; });
  }
  const end = lesson.querySelector(".pager") || lesson;
  if (!("IntersectionObserver" in window)) { send(); return; }
  const io = new IntersectionObserver((entries) => {
    entries.forEach((e) => {
      if (e.isIntersecting) { send(); io.disconnect(); }
    });
  });
  io.observe(end);

})();

// Explain a log: a file dropped on the text area is read into it, and a
// click on a finding focuses the message it concerns. Without this script
// the form still posts (the file field) and the findings still link to
// their messages.
(() => {
  "use strict";
  const area = document.querySelector("[data-drop]");
  if (area && window.FileReader) {
    area.addEventListener("dragover", (e) => {
      e.preventDefault();
      area.classList.add("drop-over");
    });
    area.addEventListener("dragleave", () => {
      area.classList.remove("drop-over");
    });
    area.addEventListener("drop", (e) => {
      e.preventDefault();
      area.classList.remove("drop-over");
      const file = e.dataTransfer && e.dataTransfer.files && e.dataTransfer.files[0];
      if (!file) return;
      const reader = new FileReader();
      reader.onload = () => { area.value = String(reader.result); };
      reader.readAsText(file);
    });
  }
  function focusMessage(seq) {
    const item = document.getElementById("msg-" + seq);
    if (!item) return false;
    if (!item.hasAttribute("tabindex")) item.setAttribute("tabindex", "-1");
    const diags = item.querySelector("details.tl-diags");
    if (diags) diags.open = true;
    item.classList.add("tl-focused");
    item.focus();
    item.scrollIntoView({ block: "center" });
    return true;
  }
  document.addEventListener("click", (e) => {
    const link = e.target.closest && e.target.closest("[data-focus]");
    if (!link) return;
    document.querySelectorAll(".tl-focused").forEach((el) => { el.classList.remove("tl-focused"); });
    if (focusMessage(link.getAttribute("data-focus"))) {
      e.preventDefault();
      history.replaceState(null, "", "#msg-" + link.getAttribute("data-focus"));
    }
  });
  if (/^#msg-\d+$/.test(location.hash)) focusMessage(location.hash.slice(5));
})();

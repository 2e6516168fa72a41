// LTI launches (web/lti_*.go). Inside an LMS's iframe, the handoff page
// goes on when the browser kept the playground's cookies there, and else
// shows why and the "open in a new window" link. The deep linking answer
// posts itself back to the LMS.
(() => {
  "use strict";
  const handoff = document.querySelector("[data-lti-handoff]");
  if (handoff) {
    if (document.cookie.split("; ").includes("lti-check=1")) {
      window.location.replace(handoff.getAttribute("data-next"));
    } else {
      const blocked = handoff.querySelector("[data-lti-blocked]");
      if (blocked) blocked.hidden = false;
    }
  }
  document.querySelector("form[data-lti-autopost]")?.submit();
})();
// A dynamic registration's last page tells the LMS it may close it.
(() => {
  "use strict";
  if (!document.querySelector("[data-lti-close]")) return;
  const target = window.opener || (window.parent !== window ? window.parent : null);
  target?.postMessage({ subject: "org.imsglobal.lti.close" }, "*");
})();

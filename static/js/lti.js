// LTI launches (web/lti_*.go). Inside an LMS's iframe, the handoff page
// goes on when the browser kept the playground's cookies there, and else
// shows why and the "open in a new window" link. The deep linking answer
// posts itself back to the LMS.
(function () {
  "use strict";
  var handoff = document.querySelector("[data-lti-handoff]");
  if (handoff) {
    if (document.cookie.split("; ").indexOf("lti-check=1") >= 0) {
      window.location.replace(handoff.getAttribute("data-next"));
    } else {
      var p = handoff.querySelector("[data-lti-blocked]");
      if (p) p.hidden = false;
    }
  }
  var post = document.querySelector("form[data-lti-autopost]");
  if (post) post.submit();
})();

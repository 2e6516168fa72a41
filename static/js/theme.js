// Applies the saved theme before the page paints, so a dark-theme reader
// never sees a white flash. Loaded as a blocking script in <head>.
(() => {
  try {
    const t = localStorage.getItem("theme");
    if (t === "light" || t === "dark") document.documentElement.dataset.theme = t;
  } catch (e) { /* storage disabled: follow the system */ }
})();

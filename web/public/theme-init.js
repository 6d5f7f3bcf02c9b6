// Runs before the first paint so a saved dark theme never flashes light (and vice versa).
// Keep in step with domain/theme.ts (key "theme", values light | dark | system, default system).
(function () {
  var preference = null;
  try {
    preference = window.localStorage.getItem("theme");
  } catch (error) {
    // Storage can be blocked (private modes, policies); fall back to the system theme.
  }
  var dark =
    preference === "dark" || (preference !== "light" && window.matchMedia("(prefers-color-scheme: dark)").matches);
  document.documentElement.classList.toggle("dark", dark);
  document.documentElement.style.colorScheme = dark ? "dark" : "light";
})();

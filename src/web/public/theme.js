/* global window, document, localStorage */
// Applies the saved theme before the first paint (loaded from <head>, not inline, so the CSP needs no
// 'unsafe-inline'). The app keeps localStorage 'steep-theme' in step with the server's preference.
(function () {
  var theme;
  try {
    // Nothing saved yet (a visitor, a new member): follow the device, like the 'system' default.
    theme = localStorage.getItem('steep-theme') || 'system';
  } catch {
    // Storage blocked: the device's setting applies.
    theme = 'system';
  }
  var dark = theme === 'dark' || (theme === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.classList.toggle('dark', dark);
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
})();

/* global window, document, localStorage */
// Applies the saved theme before the first paint (loaded from <head>, not inline, so the CSP needs no
// 'unsafe-inline'). The app keeps localStorage 'steep-theme' in step with the server's preference.
(function () {
  var media = window.matchMedia('(prefers-color-scheme: dark)');
  function paint() {
    var theme;
    try {
      // Nothing saved yet (a visitor, a new member): follow the device, like the 'system' default.
      theme = localStorage.getItem('steep-theme') || 'system';
    } catch {
      // Storage blocked: the device's setting applies.
      theme = 'system';
    }
    var dark = theme === 'dark' || (theme === 'system' && media.matches);
    document.documentElement.classList.toggle('dark', dark);
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  }
  paint();
  // The device switching while the page is open (sunset, a setting): the signed-out pages follow it too.
  media.addEventListener('change', paint);
})();

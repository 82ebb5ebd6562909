// Runs before the page first draws (a classic script in index.html's <head>; the CSP allows no inline script), ADR 0070.
// - Applies the stored theme, so the first frame is already light or dark.
// - With a stored session, shows the first frame the server drew into the page (the shell's outline and the page's
//   heading, #boot-frame) and removes it in the same task as the app draws its first heading into #root, so the two
//   never show together. After BOOT_FRAME_MAX_MS it goes whatever the app shows, so a page that cannot start is not
//   hidden behind it.
// The storage keys are apps/web/src/shared/storage/storage-keys.ts's (boot-script.test.ts holds them to it).
(function () {
  var BOOT_FRAME_MAX_MS = 20000;
  var root = document.documentElement;
  var read = function (key) {
    try {
      return window.localStorage.getItem(key);
    } catch (e) {
      return null;
    }
  };
  root.setAttribute('data-bs-theme', read('admin_portal.theme') === 'dark' ? 'dark' : 'light');
  // No session: the app goes on to sign in, and the frame, never shown, goes as soon as it has been parsed.
  var session = Boolean(read('admin_portal.access_token') || read('admin_portal.refresh_token'));
  if (session) root.classList.add('boot-session');
  if (session && read('admin_portal.sidebar_open') === 'false') root.classList.add('boot-sidebar-hidden');

  var timer;
  var observer = new MutationObserver(function () {
    if (session ? document.querySelector('#root h1') : document.getElementById('boot-frame')) finish();
  });
  var finish = function () {
    var frame = document.getElementById('boot-frame');
    if (frame) frame.remove();
    root.classList.remove('boot-session', 'boot-sidebar-hidden');
    observer.disconnect();
    clearTimeout(timer);
  };
  observer.observe(root, { childList: true, subtree: true });
  // Without a session nothing is left to watch once the page is parsed; with one, the frame goes after
  // BOOT_FRAME_MAX_MS whatever the app shows.
  if (session) timer = setTimeout(finish, BOOT_FRAME_MAX_MS);
  else document.addEventListener('DOMContentLoaded', finish);
})();

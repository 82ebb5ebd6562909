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
  if (!read('admin_portal.access_token') && !read('admin_portal.refresh_token')) {
    // No session: the app goes on to sign in; the frame, never shown, goes as soon as it has been read.
    var unused = new MutationObserver(function () {
      var frame = document.getElementById('boot-frame');
      if (!frame) return;
      frame.remove();
      unused.disconnect();
    });
    unused.observe(root, { childList: true, subtree: true });
    document.addEventListener('DOMContentLoaded', function () {
      unused.disconnect();
    });
    return;
  }
  root.classList.add('boot-session');
  if (read('admin_portal.sidebar_open') === 'false') root.classList.add('boot-sidebar-hidden');

  var observer;
  var timer;
  var finish = function () {
    var frame = document.getElementById('boot-frame');
    if (frame) frame.remove();
    root.classList.remove('boot-session', 'boot-sidebar-hidden');
    if (observer) observer.disconnect();
    clearTimeout(timer);
  };
  var check = function () {
    var app = document.getElementById('root');
    if (app && app.querySelector('h1')) finish();
  };
  observer = new MutationObserver(check);
  observer.observe(root, { childList: true, subtree: true });
  timer = setTimeout(finish, BOOT_FRAME_MAX_MS);
})();

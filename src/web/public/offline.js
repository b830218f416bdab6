/* global window, document, indexedDB, navigator, fetch, setInterval */
// The offline page's list of her recent conversations, read-only. The app keeps them in IndexedDB while
// she is signed in on this device (src/web/lib/offline-conversations.ts: the database's name and shape)
// and deletes them when she signs out. The worker answers every navigation with this page when there
// is no network, so /conversation/<id> shows that conversation and any other address shows the list.
// Text is set with textContent only: nothing saved is ever parsed as HTML.
(function () {
  var DB = 'steep-offline-conversations';
  var STORE = 'conversations';

  // Her language as the app chose it (src/web/lib/i18n.ts keeps it in localStorage 'language'), else the
  // browser's. The page is static and outside the app's catalogues: its few sentences are here in both.
  var TEXT = {
    en: {
      title: "You're offline · Steep",
      heading: "You're offline",
      intro: "Steep needs a connection to show your matches and messages. They'll be here when you're back online.",
      retry: 'Try again',
      listIntro:
        'Your recent conversations are saved on this device to read. Steep opens again by itself when you are back online.',
      recent: 'Recent conversations',
      you: 'You: ',
      noMessages: 'No messages yet',
      offlineTitle: ' (offline) · Steep',
      oneIntro:
        'This is the copy saved on this device, to read. Replying needs a connection: this conversation opens again by itself when you are back online.',
      messagesWith: 'Messages with ',
      allSaved: 'All saved conversations',
    },
    es: {
      title: 'Sin conexión · Steep',
      heading: 'Sin conexión',
      intro: 'Steep necesita conexión para mostrar tus matches y mensajes. Volverán a estar aquí cuando te conectes.',
      retry: 'Reintentar',
      listIntro:
        'Tus conversaciones recientes están guardadas en este dispositivo para leerlas. Steep se abre solo cuando vuelvas a tener conexión.',
      recent: 'Conversaciones recientes',
      you: 'Tú: ',
      noMessages: 'Aún no hay mensajes',
      offlineTitle: ' (sin conexión) · Steep',
      oneIntro:
        'Esta es la copia guardada en este dispositivo, para leerla. Para responder hace falta conexión: esta conversación se abre sola cuando vuelvas a tenerla.',
      messagesWith: 'Mensajes con ',
      allSaved: 'Todas las conversaciones guardadas',
    },
  };

  function language() {
    var saved = null;
    try {
      saved = window.localStorage.getItem('language');
    } catch {
      // Storage unavailable: the browser's language decides.
    }
    if (saved && TEXT[saved]) return saved;
    var tags = navigator.languages || [navigator.language || 'en'];
    for (var i = 0; i < tags.length; i++) {
      var base = String(tags[i]).toLowerCase().split('-')[0];
      if (TEXT[base]) return base;
    }
    return 'en';
  }

  var lang = language();
  var T = TEXT[lang];
  document.documentElement.lang = lang;
  document.title = T.title;
  document.getElementById('offline-heading').textContent = T.heading;
  document.getElementById('offline-intro').textContent = T.intro;
  document.getElementById('retry').textContent = T.retry;
  // Back online: open the app where "Try again" would, without waiting for her to find the button. The `online`
  // event can come before the network works, or while she is leaving by a link here (tryout: the page then
  // bounced her back, or reopened into itself and stayed): Steep is asked first (the worker never answers /api),
  // again every few seconds while the browser says it is online, and never once she is on her way elsewhere.
  var leaving = false;
  var asking = false;
  window.addEventListener('beforeunload', function () {
    leaving = true;
  });
  window.addEventListener('pagehide', function () {
    leaving = true;
  });
  function reopenWhenReachable() {
    if (leaving || asking || !navigator.onLine) return;
    asking = true;
    fetch('/api/auth/session', { cache: 'no-store', credentials: 'same-origin' })
      .then(function (response) {
        if (response.ok && !leaving) window.location.href = document.getElementById('retry').href;
      })
      .catch(function () {
        // Not yet: the next tick asks again.
      })
      .then(function () {
        asking = false;
      });
  }
  window.addEventListener('online', reopenWhenReachable);
  setInterval(reopenWhenReachable, 3000);

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function when(iso) {
    var date = new Date(iso);
    if (isNaN(date.getTime())) return '';
    return date.toLocaleString(lang, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
  }

  function readAll(done) {
    if (!('indexedDB' in window)) return done([]);
    // Opening creates nothing if the app never saved: a database that does not exist yet is left empty.
    var request = indexedDB.open(DB);
    request.onupgradeneeded = function () {
      request.transaction.abort();
    };
    request.onerror = function () {
      done([]);
    };
    request.onsuccess = function () {
      var db = request.result;
      if (!db.objectStoreNames.contains(STORE)) {
        db.close();
        return done([]);
      }
      var all = db.transaction(STORE, 'readonly').objectStore(STORE).getAll();
      all.onsuccess = function () {
        db.close();
        done(all.result || []);
      };
      all.onerror = function () {
        db.close();
        done([]);
      };
    };
  }

  function showList(root, conversations) {
    var intro = document.getElementById('offline-intro');
    intro.textContent = T.listIntro;
    root.appendChild(el('h2', 'section', T.recent));
    var list = el('ul', 'conversations');
    conversations.forEach(function (c) {
      var last = c.messages[c.messages.length - 1];
      var item = el('li');
      var link = el('a', 'conversation');
      link.href = '/conversation/' + encodeURIComponent(c.matchId);
      link.appendChild(el('span', 'name', c.name));
      link.appendChild(el('span', 'preview', last ? (last.mine ? T.you : '') + last.text : T.noMessages));
      item.appendChild(link);
      list.appendChild(item);
    });
    root.appendChild(list);
  }

  function showConversation(root, c) {
    document.title = c.name + T.offlineTitle;
    var intro = document.getElementById('offline-intro');
    intro.textContent = T.oneIntro;
    root.appendChild(el('h2', 'section', c.name));
    var list = el('ol', 'messages');
    list.setAttribute('aria-label', T.messagesWith + c.name);
    c.messages.forEach(function (m) {
      var item = el('li', m.mine ? 'message mine' : 'message');
      item.appendChild(el('span', 'visually-hidden', m.mine ? T.you : c.name + ': '));
      item.appendChild(el('span', 'text', m.text));
      item.appendChild(el('span', 'time', when(m.at)));
      list.appendChild(item);
    });
    root.appendChild(list);
    var back = el('a', 'secondary', T.allSaved);
    back.href = '/chats';
    root.appendChild(back);
  }

  readAll(function (saved) {
    if (!saved.length) return;
    var root = document.getElementById('saved');
    var match = /^\/conversation\/([^/]+)$/.exec(window.location.pathname);
    var id = match ? decodeURIComponent(match[1]) : null;
    var one = saved.filter(function (c) {
      return c.matchId === id;
    })[0];
    if (one) {
      showConversation(root, one);
      // "Try again" opens this conversation, not the home screen.
      document.getElementById('retry').href = window.location.pathname;
    } else
      showList(
        root,
        saved.slice().sort(function (a, b) {
          return a.savedAt < b.savedAt ? 1 : -1;
        }),
      );
    root.hidden = false;
    document.body.classList.add('with-saved');
  });
})();

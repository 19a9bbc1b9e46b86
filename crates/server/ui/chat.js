// chat.js: the game's chat (issue 15 item 9), kept with the game but apart from its moves:
// seats write, everyone with the link reads. Lines come once on load (GET /chat) and then
// as the socket pushes them (`chat` messages); a page that missed some asks again from its
// last line. Nothing here can change the game.

import { api, el, errorText, sideName } from './app.js';

/** The longest line the server takes (hub::CHAT_CHARS). */
export const CHAT_CHARS = 500;

/**
 * `have` with `lines` merged in: one line per number, in order (a line can arrive twice,
 * from the socket and from a fetch, or from two server instances).
 */
export function mergeChat(have, lines) {
  const byN = new Map(have.map((l) => [l.n, l]));
  for (const l of lines) byN.set(l.n, l);
  return [...byN.values()].sort((a, b) => a.n - b.n);
}

/** A line's time as the reader's clock shows it ("14:05"). */
export function chatTime(at, locale = undefined) {
  return new Date(at * 1000).toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' });
}

/**
 * The chat box in `box` for game `id`: `seat` is the reader's side (`null` for a spectator,
 * who reads only) and `token` the seat's link token. Returns `{onMessage}` for the socket.
 */
export function startChat(box, { id, token, seat }) {
  const list = box.querySelector('ol');
  const form = box.querySelector('form');
  const input = form.querySelector('input');
  const unread = box.querySelector('.unread');
  let lines = [];
  let seen = 0;

  form.hidden = !seat;
  box.querySelector('.spectator-note').hidden = Boolean(seat);
  input.maxLength = CHAT_CHARS;

  function render() {
    list.replaceChildren(
      ...lines.map((l) =>
        el('li', { class: `chat-${l.seat}`, 'data-n': String(l.n) },
          el('span', { class: 'who' }, l.seat === seat ? 'you' : sideName(l.seat)),
          el('time', { datetime: new Date(l.at * 1000).toISOString() }, chatTime(l.at)),
          el('span', { class: 'said' }, l.text))),
    );
    list.scrollTop = list.scrollHeight;
    const fresh = lines.filter((l) => l.n >= seen && l.seat !== seat).length;
    unread.textContent = !box.open && fresh ? `${fresh} new` : '';
    if (box.open) seen = lines.length ? lines[lines.length - 1].n + 1 : 0;
  }

  async function load() {
    const from = lines.length ? lines[lines.length - 1].n + 1 : 0;
    try {
      const got = await api(`/api/games/${id}/chat?from=${from}`);
      lines = mergeChat(lines, got.lines);
      render();
    } catch {
      // The chat is not the game: a failed read leaves the page as it was; the next push retries.
    }
  }

  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    const status = form.querySelector('.chat-status');
    status.textContent = '';
    try {
      const got = await api(`/api/games/${id}/chat`, { method: 'POST', body: { seat: token, text } });
      input.value = '';
      lines = mergeChat(lines, [got.line]);
      render();
    } catch (e) {
      status.textContent = errorText(e);
    }
  });
  box.addEventListener('toggle', render);

  load();
  return {
    /** A socket message: a pushed line, or word that some were missed. */
    onMessage(msg) {
      if (msg.type === 'chat' && msg.line) {
        lines = mergeChat(lines, [msg.line]);
        render();
      } else if (msg.type === 'chat_lagged') {
        load();
      }
    },
    /** The socket reopened: fetch what was said while it was closed. */
    reconnected: load,
  };
}

// Share by link: the page's address names the puzzle on the board (web/address.js writes it),
// and opening such a link loads that puzzle ready to play, with its optimal length: a bank
// puzzle by GET v1/puzzles/{id}, whose answer says its length; any other board as if typed,
// its length asked at once as the first move by hand would ask it. A link pasted into the
// open page (hashchange) loads its puzzle the same way. Share shows the link and copies it.
import { currentFragment, writeAddress } from './address.js';
import { PUZZLES_URL, GET_REQUEST, callApi } from './api.js';
import { loadBankPuzzle } from './bank.js';
import { parseFragment } from './fragment.js';
import { askOptimal } from './hand.js';
import { setMessage } from './messages.js';
import { ui } from './page.js';
import { setLinkText } from './play.js';
import { loadText } from './textbox.js';

const unopened = (why) => `The puzzle of this link could not be opened: ${why}`;

// Where the id lookup's failures go: the link's own message line, under the board (seen
// first on a phone).
export const linkOutlet = {
  message: (kind, text) => setMessage(ui.linkMessage, kind, unopened(text)),
  errors: () => {},
  clear: () => {},
};

// Opens the puzzle the address names. Resolves to true once it is on the board; false when
// the address names none, or one that cannot be opened (then the message says why).
export async function openAddress() {
  const link = parseFragment(location.hash);
  setMessage(ui.linkMessage, '', '');
  if (!link) return false;
  if (link.error) {
    setMessage(ui.linkMessage, 'error', unopened(`${link.error}.`));
    return false;
  }
  if (link.id === undefined) {
    loadText(link.board ?? link.text);
    askOptimal();
    return true;
  }
  // API: GET v1/puzzles/{id}: the bank's puzzle of that id, the object /v1/puzzles lists; a
  // 404 problem (unknown-puzzle) when the bank holds no such id, a 400 whose errors say why
  // it is no id, a 503 (no-bank) without a bank.
  setMessage(ui.linkMessage, 'busy', 'Opening the puzzle of the link…');
  const result = await callApi('link', `${PUZZLES_URL}/${encodeURIComponent(link.id)}`, GET_REQUEST,
    { form: ui.bank, outlet: linkOutlet });
  if (!result) return false;
  if (!result.ok) {
    const errors = result.doc?.errors;
    if (Array.isArray(errors) && errors.length) {
      setMessage(ui.linkMessage, 'error', unopened(`"${link.id}" ${errors.map((e) => e.message).join('; ')}.`));
    }
    return false;
  }
  setMessage(ui.linkMessage, '', '');
  loadBankPuzzle(result.doc, 'The puzzle of this link');
  return true;
}

// A link has been handled and the board holds the puzzle that follows from it: the link's
// message (why it could not be opened) stays until the puzzle changes from this one.
export function settleLink() {
  setLinkText(ui.input.value);
}

// A link pasted into the open page: its puzzle replaces the one on the board. One that cannot
// be opened leaves the board as it was, and the address names that puzzle again.
export async function onAddressChange() {
  if (location.hash === currentFragment()) return;
  if (!(await openAddress())) writeAddress();
  settleLink();
}

// Share: the link of the puzzle on the board, shown under the puzzle (as a link, for a phone's
// own sharing) and copied to the clipboard where the browser allows it.
export async function shareLink() {
  writeAddress();
  if (!ui.input.value.trim()) {
    setMessage(ui.message, 'info', 'Nothing to share yet: the puzzle text is empty.');
    return;
  }
  const url = location.href;
  let copied = true;
  try {
    await navigator.clipboard.writeText(url);
  } catch {
    copied = false; // no clipboard (an insecure origin) or no permission: the link is shown
  }
  const a = document.createElement('a');
  a.href = url;
  a.textContent = url;
  setMessage(ui.message, 'ok', copied ? 'Link copied: ' : 'The link to this puzzle: ');
  ui.message.append(a);
}

// The page's address follows the puzzle: its fragment names the puzzle in the text box (a bank
// puzzle by its id; web/fragment.js says the forms), rewritten in place with
// history.replaceState whenever the puzzle changes, so a copied address opens the same puzzle
// and the back button does not walk through every edit.
import { buildFragment, linkOf } from './fragment.js';
import { ui } from './page.js';

// {text, id}: the bank puzzle's id while the text box holds its text, or null.
let bankId = null;

// The puzzle `text` is the bank's puzzle `id`: while the text box holds it, the link names it
// by id. Set before the text is loaded.
export function rememberBankId(text, id) {
  bankId = id ? { text, id } : null;
}

// The link of the puzzle in the text box: a fragment ('' when the box is empty).
export function currentFragment() {
  const text = ui.input.value;
  return buildFragment(linkOf(text, bankId?.text === text ? bankId.id : null));
}

// The address with the current puzzle's fragment, written in place (no history entry), and
// only when it changed. replaceState fires no hashchange: the page does not reload it.
export function writeAddress() {
  const fragment = currentFragment();
  if (fragment === location.hash) return;
  history.replaceState(history.state, '', fragment || `${location.pathname}${location.search}`);
}

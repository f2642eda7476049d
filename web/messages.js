// Where answers are told: message lines, field errors (under the puzzle text or the
// generator's fields), key/value summaries, and the outlets callApi reports to.
import { ui } from './page.js';

// Where an answer's messages and field errors go: next to the puzzle for Solve, Hint and
// Analyze; next to the generator's fields for Generate.
export const puzzleOutlet = {
  message: (kind, text) => setMessage(ui.message, kind, text),
  errors: (errors) => showErrors(errors),
  clear: () => clearErrors(),
};

export const generateOutlet = {
  message: (kind, text) => setMessage(ui.generateMessage, kind, text),
  errors: (errors) => showGenerateErrors(errors),
  clear: () => clearGenerateErrors(),
};

// The puzzle's problems, one line each, under the text they are about.
export function showErrors(errors) {
  fillErrorList(ui.errors, errors);
  ui.input.setAttribute('aria-invalid', 'true');
}

export function clearErrors() {
  ui.errors.replaceChildren();
  ui.errors.hidden = true;
  ui.input.removeAttribute('aria-invalid');
}

// The generator's problems: each under the field it names (the input whose name is the
// member); any other in the list above the button.
export function showGenerateErrors(errors) {
  const rest = [];
  for (const e of errors) {
    const field = e.field && ui.generateForm.querySelector(`.field[data-field="${CSS.escape(e.field)}"]`);
    if (!field) {
      rest.push(e);
      continue;
    }
    const line = field.querySelector('.field-error');
    line.textContent = line.hidden ? e.message : `${line.textContent}; ${e.message}`;
    line.hidden = false;
    field.querySelector('input, select').setAttribute('aria-invalid', 'true');
  }
  if (rest.length) fillErrorList(ui.generateErrors, rest);
}

export function clearGenerateErrors() {
  for (const line of ui.generateForm.querySelectorAll('.field-error')) {
    line.textContent = '';
    line.hidden = true;
  }
  for (const input of ui.generateForm.querySelectorAll('[aria-invalid]')) input.removeAttribute('aria-invalid');
  ui.generateErrors.replaceChildren();
  ui.generateErrors.hidden = true;
}

export function fillErrorList(list, errors) {
  list.replaceChildren(...errors.map((e) => {
    const li = document.createElement('li');
    if (e.field) {
      const field = document.createElement('code');
      field.className = 'field';
      field.textContent = e.field;
      li.append(field, ' ');
    }
    const message = document.createElement('span');
    message.className = 'text';
    message.textContent = e.message;
    li.append(message);
    return li;
  }));
  list.hidden = false;
}

// A message line: kind is ok, error, info or busy (style.css colours each); '' hides it.
export function setMessage(node, kind, text) {
  node.textContent = text;
  node.dataset.kind = kind;
  node.hidden = !text;
}

export const showMessage = (kind, text) => setMessage(ui.message, kind, text);

// A <dl> of key/value rows; each value carries its key (data-key), for tests and scripts.
export function fillSummary(list, rows) {
  list.replaceChildren(...rows.flatMap(([key, value]) => {
    const dt = document.createElement('dt');
    dt.textContent = key.replace(/_/g, ' ');
    const dd = document.createElement('dd');
    dd.dataset.key = key;
    dd.textContent = String(value);
    return [dt, dd];
  }));
}

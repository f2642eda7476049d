// The page's shared parts: its elements by role (ui) and the state every part of the page
// reads and changes (state). Everything else is in modules by concern; app.js wires them.

const el = (id) => document.getElementById(id);

export const ui = {
  form: el('solve-form'),
  select: el('puzzle-select'),
  input: el('puzzle-input'),
  inputForm: el('input-form'),
  errors: el('field-errors'),
  algorithm: el('algorithm'),
  metric: el('metric'),
  optionsNote: el('options-note'),
  solve: el('solve-button'),
  analyze: el('analyze-button'),
  hint: el('hint-button'),
  undo: el('undo-button'),
  redo: el('redo-button'),
  solveHere: el('solve-here-button'),
  edit: el('edit-button'),
  editor: el('editor'),
  editSize: el('edit-size'),
  editExitRow: el('edit-exit-row'),
  editClear: el('edit-clear-button'),
  playStatus: el('play-status'),
  announce: el('board-announce'),
  message: el('message'),
  board: el('board'),
  boardNote: el('board-note'),
  first: el('first-button'),
  back: el('back-button'),
  play: el('play-button'),
  forward: el('forward-button'),
  last: el('last-button'),
  speed: el('speed'),
  stepLabel: el('step-label'),
  hintBox: el('hint'),
  hintText: el('hint-text'),
  applyHint: el('apply-hint-button'),
  summary: el('summary'),
  moves: el('move-list'),
  rawRequest: el('raw-request'),
  rawResponse: el('raw-response'),
  generateForm: el('generate-form'),
  generate: el('generate-button'),
  generateErrors: el('generate-errors'),
  generateMessage: el('generate-message'),
  generateSummary: el('generate-summary'),
  generateSolution: el('generate-solution'),
  analysisEmpty: el('analysis-empty'),
  analysis: el('analysis'),
  analysisSummary: el('analysis-summary'),
  histogram: el('histogram'),
  histogramCaption: el('histogram-caption'),
  hardestBoard: el('hardest-board'),
  hardestText: el('hardest-text'),
  loadHardest: el('load-hardest-button'),
  loadBest: el('load-best-button'),
  bank: el('bank'),
  bankWalls: el('bank-walls'),
  bankLevel: el('bank-level'),
  newPuzzle: el('new-puzzle-button'),
  daily: el('daily-button'),
  bankMessage: el('bank-message'),
  share: el('share-button'),
  linkMessage: el('link-message'),
};

export const state = {
  boards: [], // boards[k]: the board after k moves of the answer; boards[0] is the start
  moves: [], // the answer's moves, with their notation
  step: 0, // the board shown: boards[step]
  hint: null, // the hint shown: {move, board: the board it is for}
  hardest: null, // the analysis's hardest position: the text that loads it, or null
  optimal: null, // the start's optimal length in moves: {start: boards[0], length}, or null
  verdict: null, // the server's verdict on a game solved by hand: {moves, step, kind, text}, or null
  answeredText: null, // the puzzle text the shown answer belongs to
  analysedText: null, // the puzzle text the shown analysis belongs to
  linkText: null, // the puzzle text once a link was handled: the link's message lasts until it changes
};

// The reference puzzles offered in the puzzle menu. Rows are copied from the project's
// reference sets (tests/data/jam40.tsv and classic.jsonl), where their answers are checked.
import { pretty } from './forms.js';

// The reference puzzles in the select. Rows are copied from the project's reference sets
// (tests/data/jam40.tsv and classic.jsonl), where their answers are checked.
export const JAM1_VEHICLES = {
  board_size: 6,
  exit_row: 2,
  vehicles: [
    { id: 'X', row: 2, col: 1, length: 2, orientation: 'H' },
    { id: 'A', row: 0, col: 0, length: 2, orientation: 'H' },
    { id: 'B', row: 1, col: 0, length: 3, orientation: 'V' },
    { id: 'C', row: 4, col: 0, length: 2, orientation: 'V' },
    { id: 'D', row: 1, col: 3, length: 3, orientation: 'V' },
    { id: 'E', row: 5, col: 2, length: 3, orientation: 'H' },
    { id: 'F', row: 4, col: 4, length: 2, orientation: 'H' },
    { id: 'G', row: 0, col: 5, length: 3, orientation: 'V' },
  ],
};

export const REFERENCE_PUZZLES = [
  { key: 'jam01', label: 'Jam 1: a grid (8 moves)', text: 'bb...g\na..c.g\naxxc.g\na..c..\ne...ff\ne.ddd.' },
  { key: 'jam40', label: 'Jam 40, the hardest (51 moves)', text: 'eaa.f.\negd.fj\negdxxj\nbbbh.j\n..chii\nkkcll.' },
  {
    key: 'slides93',
    label: 'The 93-slide puzzle (49 moves)',
    text: 'AAABCD\nEFFBCD\nE.XXCD\nGGH...\n.IH.JJ\n.IKKLL',
  },
  {
    key: 'hardest51',
    label: 'Another 51-move puzzle: one line',
    text: 'BCDDE.BCF.EGB.FAAGHHHI.G..JIKKLLJMM.',
  },
  { key: 'jam01-json', label: 'Jam 1: JSON vehicles (8 moves)', text: pretty(JAM1_VEHICLES) },
  {
    key: 'walled',
    label: 'Unsolvable: a wall at the exit',
    text: pretty({
      board_size: 6,
      exit_row: 2,
      walls: [[2, 5]],
      vehicles: [{ id: 'X', row: 2, col: 0, length: 2, orientation: 'H' }],
    }),
  },
  {
    key: 'invalid',
    label: 'Invalid: two errors (JSON, 400)',
    text: pretty({
      vehicles: [
        { id: 'X', row: 2, col: 0, length: 2, orientation: 'H' },
        { id: 'A', row: '0', col: 0, length: 2, orientation: 'H' },
        { id: 'C', row: 1, col: 1, length: 2, orientation: 'V' },
      ],
    }),
  },
];

export const CUSTOM = ''; // the select's value when the text is the user's own

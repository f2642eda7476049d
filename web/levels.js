// New puzzle's difficulties: ranges of optimal lengths in moves (max null: no bound), for the
// bank's menu (bank.js) and the offline pack (pack.js).
export const LEVELS = [
  { key: 'beginner', label: 'Beginner', min: 1, max: 10 },
  { key: 'intermediate', label: 'Intermediate', min: 11, max: 20 },
  { key: 'advanced', label: 'Advanced', min: 21, max: 30 },
  { key: 'expert', label: 'Expert', min: 31, max: null },
];

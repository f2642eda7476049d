// Numbers as the page shows them (counts, microseconds, bytes) and the round ceiling of a
// chart's axis; pure.

// A round number at or above n, so that the y axis of 272 states reads 0, 100, 200, 300, 400
// and not 0, 68, 136, ...: 1, 2, 2.5, 5 or 10 times a power of ten, times the 4 gridlines.
export function niceCeiling(n) {
  if (n <= 4) return 4;
  const step = n / 4;
  const power = 10 ** Math.floor(Math.log10(step));
  const nice = [1, 2, 2.5, 5, 10].find((f) => f * power >= step);
  return nice * power * 4;
}

export const fmtInt = (n) => (Number.isFinite(n) ? n.toLocaleString('en-US') : '–');

export const fmtUs = (us) => (!Number.isFinite(us) ? '–' : us < 1000 ? `${us} µs` : `${(us / 1000).toFixed(2)} ms`);

export function fmtBytes(b) {
  if (!Number.isFinite(b)) return '–';
  if (b < 1024) return `${b} B`;
  if (b < 1024 * 1024) return `${(b / 1024).toFixed(1)} KiB`;
  return `${(b / 1024 / 1024).toFixed(1)} MiB`;
}

// web/format.js under node's test runner: numbers as the page shows them, and the round
// ceiling of the histogram's axis.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fmtBytes, fmtInt, fmtUs, niceCeiling } from '../../web/format.js';

describe('numbers as the page shows them', () => {
  it('counts with thousands separators, and a dash for what is not a number', () => {
    assert.equal(fmtInt(1247), '1,247');
    assert.equal(fmtInt(541934), '541,934');
    assert.equal(fmtInt(undefined), '–');
  });

  it('microseconds below a millisecond, milliseconds above', () => {
    assert.equal(fmtUs(999), '999 µs');
    assert.equal(fmtUs(1500), '1.50 ms');
    assert.equal(fmtUs(null), '–');
  });

  it('bytes, KiB and MiB', () => {
    assert.equal(fmtBytes(1023), '1023 B');
    assert.equal(fmtBytes(1536), '1.5 KiB');
    assert.equal(fmtBytes(178 * 1024 * 1024), '178.0 MiB');
    assert.equal(fmtBytes(NaN), '–');
  });

  it('the axis\'s ceiling: at or above the tallest bar, four round steps', () => {
    assert.deepEqual([0, 4, 5, 17, 99, 272, 1000, 1247].map(niceCeiling), [4, 4, 8, 20, 100, 400, 1000, 2000]);
    for (let n = 1; n < 100000; n = Math.ceil(n * 1.37)) {
      const top = niceCeiling(n);
      const step = top / 4;
      const mantissa = step / 10 ** Math.floor(Math.log10(step));
      assert.ok(top >= n && top < 2.5 * n + 4, `${n} -> ${top}`);
      assert.ok([1, 2, 2.5, 5].includes(mantissa), `${n} -> steps of ${step}`);
    }
  });
});

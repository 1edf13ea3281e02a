// The scale curve's pure helpers (bench/perf/scale-*.mjs): the union pick, the round order
// of a repository's commits, the growth exponent and the SVG writer. No timing here.
import { describe, expect, it } from 'vitest';

// The bench modules are plain JavaScript without declarations: imported through a string.
const corporaModule: string = '../../../bench/perf/scale-corpora.mjs';
const svgModule: string = '../../../bench/perf/scale-svg.mjs';
const reportModule: string = '../../../bench/perf/scale-report.mjs';
const { pickUnion, spreadOrder } = await import(corporaModule);
const { scaleSvg, logTicks } = await import(svgModule);
const { growthExponent } = await import(reportModule);

interface Candidate {
  repo: string;
  commit: string;
  round: number;
  files: number;
}

const candidates: Candidate[] = [
  { repo: 'o/big', commit: 'b'.repeat(40), round: 0, files: 5000 },
  { repo: 'o/small', commit: 's'.repeat(40), round: 0, files: 100 },
  { repo: 'o/mid', commit: 'm'.repeat(40), round: 0, files: 900 },
  { repo: 'o/tiny', commit: 't'.repeat(40), round: 0, files: 100 },
  { repo: 'o/small', commit: 'x'.repeat(40), round: 1, files: 80 },
  { repo: 'o/big', commit: 'y'.repeat(40), round: 1, files: 4000 },
];

describe('pickUnion', () => {
  it('takes round 0 first, smallest trees first (ties by name), and stops at the total nearest the target', () => {
    // 200 files is 100 from 300, 1100 is 800 from it; for 1000 it is the other way round
    expect(pickUnion(candidates, 300).map((m: Candidate) => m.repo)).toEqual(['o/small', 'o/tiny']);
    expect(pickUnion(candidates, 1000).map((m: Candidate) => m.repo)).toEqual(['o/small', 'o/tiny', 'o/mid']);
  });

  it('makes every smaller point a prefix of a larger one, and goes on to older snapshots in sub-folders of their own', () => {
    const small = pickUnion(candidates, 1100);
    const large = pickUnion(candidates, 100000);
    expect(large.slice(0, small.length)).toEqual(small);
    expect(large).toHaveLength(candidates.length);
    expect(large.slice(4).map((m: Candidate) => m.round)).toEqual([1, 1]);
    expect(new Set(large.map((m: { sub: string }) => m.sub)).size).toBe(candidates.length);
    expect(large.find((m: Candidate) => m.commit.startsWith('x')).sub).toBe('o+small@xxxxxxx');
  });

  it('picks nothing when even the first tree is farther from the target than none', () => {
    expect(pickUnion([{ repo: 'o/a', commit: 'a'.repeat(40), round: 0, files: 500 }], 100)).toEqual([]);
  });
});

describe('spreadOrder', () => {
  it('gives the newest commit, then the oldest, then the middles of the widest gaps', () => {
    expect(spreadOrder(['c1', 'c2', 'c3', 'c4', 'c5'])).toEqual(['c5', 'c1', 'c3', 'c2', 'c4']);
    expect(spreadOrder(['c1', 'c2'])).toEqual(['c2', 'c1']);
    expect(spreadOrder(['c1'])).toEqual(['c1']);
  });
});

describe('growthExponent', () => {
  it('is 1 for growth in proportion to files, 2 for the square, and null without data', () => {
    expect(growthExponent([1000, 2], [10000, 20])).toBeCloseTo(1);
    expect(growthExponent([1000, 1], [10000, 100])).toBeCloseTo(2);
    expect(growthExponent([1000, 0], [10000, 20])).toBeNull();
  });
});

describe('scaleSvg', () => {
  it('draws one line and one dot per point for each series, a dashed reference, and escapes text', () => {
    const svg: string = scaleSvg(
      [
        {
          title: 'Cold <index>',
          yLabel: 'seconds',
          series: [
            {
              name: 'wall',
              points: [
                [1000, 1],
                [10000, 9],
                [100000, 80],
              ],
            },
            {
              name: 'cpu',
              points: [
                [1000, 2],
                [10000, 0],
                [100000, 150],
              ],
            },
          ],
          reference: { through: [10000, 9], label: 'linear' },
        },
      ],
      { title: 'scale' },
    );
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.trim().endsWith('</svg>')).toBe(true);
    expect(svg.match(/<polyline /g)).toHaveLength(2);
    // a zero value is left out of a log plot
    expect(svg.match(/<circle /g)).toHaveLength(5);
    expect(svg).toContain('stroke-dasharray="5 4"');
    expect(svg).toContain('Cold &lt;index&gt;');
    expect(svg).not.toContain('NaN');
  });

  it('puts ticks at 1, 2 and 5 per decade inside the range', () => {
    const ticks = logTicks([Math.log10(800), Math.log10(120000)]).map((t: { value: number }) => t.value);
    expect(ticks[0]).toBe(1000);
    expect(ticks.at(-1)).toBe(100000);
    expect(ticks).toContain(2000);
  });
});

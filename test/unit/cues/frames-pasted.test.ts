import { describe, expect, it } from 'vitest';
import { CUE_DEFAULTS, extractCues } from '../../../src/cues/index.js';
import { cuesOf, r, strengthOf } from './frame-cues.js';

const { frameDecay: d, libraryFrameStrength: lib } = CUE_DEFAULTS;

/** An IPython 8 traceback of a package installed in site-packages; the cell names no file. */
const IPYTHON_8 = `ZeroDivisionError                         Traceback (most recent call last)
Cell In[2], line 3
      1 from shapes import polygon_area
----> 3 polygon_area([(0, 0), (1, 0), (0, 0)])

File ~/envs/geo/lib/python3.11/site-packages/shapes/area.py:41, in polygon_area(points)
     39 def polygon_area(points):
---> 41     return _shoelace(points) / _perimeter(points)

File ~/envs/geo/lib/python3.11/site-packages/shapes/_math.py:12, in _perimeter(points, closed)
---> 12     raise ZeroDivisionError("degenerate polygon")

ZeroDivisionError: degenerate polygon`;

/** The same before IPython 8: `path in function(args)`, no line numbers, a cell as `<ipython-input-…>`. */
const IPYTHON_7 = `ZeroDivisionError                         Traceback (most recent call last)
<ipython-input-2-5a1b0e3c7d9f> in <module>()
----> 1 polygon_area([(0, 0), (1, 0), (0, 0)])

~/code/shapes/shapes/area.py in polygon_area(points)
     40     """Shoelace area."""
---> 41     return _shoelace(points) / _perimeter(points)

~/code/shapes/shapes/_math.py in _perimeter(points, closed)
---> 12     raise ZeroDivisionError("degenerate polygon")`;

describe('frames: IPython', () => {
  it('IPython 8: `File p.py:N, in f(args)` frames outermost first; a notebook cell is no file; site-packages frames are library frames', () => {
    expect(cuesOf(IPYTHON_8, 'frame')).toEqual([
      `~/envs/geo/lib/python3.11/site-packages/shapes/_math.py:12@${lib}`,
      `~/envs/geo/lib/python3.11/site-packages/shapes/area.py:41@${r(lib * d)}`,
    ]);
    expect(cuesOf(IPYTHON_8, 'path')).toEqual([]);
  });

  it('IPython 7: `p.py in f(args)` frames without lines; the function of each repository frame is a name at its strength', () => {
    expect(cuesOf(IPYTHON_7, 'frame')).toEqual([
      '~/code/shapes/shapes/_math.py@1',
      `~/code/shapes/shapes/area.py@${d}`,
    ]);
    const { cues } = extractCues({ raw_signal: IPYTHON_7 });
    expect(strengthOf(cues, 'identifier', '_perimeter')).toBe(1);
    expect(strengthOf(cues, 'identifier', 'polygon_area')).toBe(d);
    // the numbered source lines stay prose
    expect(strengthOf(cues, 'identifier', '_shoelace')).toBeGreaterThan(0);
  });
});

describe('frames: pasted with a prefix', () => {
  it('a markdown quote (`> `) reads as the traceback it quotes', () => {
    const quoted = `> Traceback (most recent call last):
>   File "/home/ana/geo/shapes/area.py", line 41, in polygon_area
>     return _shoelace(points) / _perimeter(points)
>   File "/home/ana/geo/shapes/_math.py", line 12, in _perimeter
> ZeroDivisionError: degenerate polygon`;
    expect(cuesOf(quoted, 'frame')).toEqual([
      '/home/ana/geo/shapes/_math.py:12@1',
      `/home/ana/geo/shapes/area.py:41@${d}`,
    ]);
  });

  it("a CI log timestamp before each line, and a Python 3.11 exception group's `|` margin", () => {
    const stamped = `[2024-03-01T10:15:02.120Z] Traceback (most recent call last):
[2024-03-01T10:15:02.120Z]   File "/srv/app/shapes/area.py", line 41, in polygon_area
[2024-03-01T10:15:02.121Z]     return _shoelace(points)`;
    expect(cuesOf(stamped, 'frame')).toEqual(['/srv/app/shapes/area.py:41@1']);
    const group = `  + Exception Group Traceback (most recent call last):
  |   File "/srv/app/shapes/batch.py", line 30, in run_all
  |     raise ExceptionGroup("batch", errors)
  | ExceptionGroup: batch (1 sub-exception)
  +-+---------------- 1 ----------------
    | Traceback (most recent call last):
    |   File "/srv/app/shapes/area.py", line 41, in polygon_area
    | ZeroDivisionError: degenerate polygon`;
    expect(cuesOf(group, 'frame').sort()).toEqual(['/srv/app/shapes/area.py:41@1', '/srv/app/shapes/batch.py:30@1']);
  });

  it('a goroutine trace behind a log pipe, its locations flush left with their `+0x` offsets', () => {
    const piped = `  | goroutine 7 [running]:
  | example.com/geo/shapes.(*Polygon).Area(0xc000010000)
  | example.com/geo/shapes/polygon.go:41 +0x1f
  | main.main()
  | example.com/geo/cmd/geo/main.go:12 +0x25`;
    expect(cuesOf(piped, 'frame')).toEqual([
      'example.com/geo/shapes/polygon.go:41@1',
      `example.com/geo/cmd/geo/main.go:12@${lib}`,
    ]);
    const { cues } = extractCues({ raw_signal: piped });
    expect(strengthOf(cues, 'identifier', 'Area')).toBe(1);
    // a flush-left `p.go:N` without an offset is no frame location: the line above stays prose
    expect(cuesOf('see shapes.Area()\nshapes/polygon.go:41', 'frame')).toEqual([]);
  });

  it('pytest lines indented by the paste', () => {
    const indented = ` src/shapes/area.py:41: in polygon_area
     return _shoelace(points) / _perimeter(points)
 src/shapes/_math.py:12: ZeroDivisionError`;
    expect(cuesOf(indented, 'frame')).toEqual(['src/shapes/_math.py:12@1', `src/shapes/area.py:41@${d}`]);
  });
});

describe('frames: Maven', () => {
  it("`at a.b.C.m (C.java:N)` with a space is a JVM frame; `at T.m (p.js:N:M)` stays JavaScript's", () => {
    const maven = `[ERROR] Failed to execute goal
\tat com.acme.geo.PolygonReader.read (PolygonReader.java:88)
\tat com.acme.geo.cli.Main.main (Main.java:21)`;
    expect(cuesOf(maven, 'frame')).toEqual([
      'com/acme/geo/PolygonReader.java:88@1',
      `com/acme/geo/cli/Main.java:21@${d}`,
    ]);
    const js = `Uncaught TypeError: cannot read 'x'
    at Polygon.area (polygon.js:10:5)
    at main (cli.js:3:1)`;
    expect(cuesOf(js, 'frame')).toEqual(['polygon.js:10@1', `cli.js:3@${d}`]);
  });
});

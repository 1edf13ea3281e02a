/**
 * Which written paths lie in an installed package or a toolchain's library, and where the
 * repository that is that package or toolchain keeps the file (src/cues/frame-origin.ts).
 */
import { describe, expect, it } from 'vitest';
import { frameOrigin, isLibraryPath } from '../../../src/cues/index.js';

describe('frameOrigin', () => {
  it('reads an installed package and the path in it', () => {
    expect(frameOrigin('/usr/lib/python3/site-packages/flask/json/provider.py')).toEqual({
      kind: 'installed',
      package: 'flask',
      rest: 'flask/json/provider.py',
    });
    expect(frameOrigin('/venv/lib/python3.12/site-packages/flask/app.py')).toEqual({
      kind: 'installed',
      package: 'flask',
      rest: 'flask/app.py',
    });
    expect(frameOrigin('/usr/lib/python3/dist-packages/requests/api.py')).toEqual({
      kind: 'installed',
      package: 'requests',
      rest: 'requests/api.py',
    });
    expect(frameOrigin('/app/node_modules/@vue/compiler-core/dist/compiler-core.cjs.js')).toEqual({
      kind: 'installed',
      package: 'compiler-core',
      rest: 'compiler-core/dist/compiler-core.cjs.js',
    });
    expect(frameOrigin('/app/node_modules/vite/node_modules/rollup/dist/rollup.js')?.package).toBe('rollup');
    expect(
      frameOrigin('/home/u/.cargo/registry/src/index.crates.io-6f17d22bba15001f/tokio-1.28.0/src/runtime/park.rs'),
    ).toEqual({
      kind: 'installed',
      package: 'tokio',
      rest: 'tokio/src/runtime/park.rs',
    });
  });

  it('reads a toolchain library and where its own source tree keeps the file', () => {
    expect(frameOrigin('/usr/lib/python3.12/json/__init__.py')).toEqual({
      kind: 'toolchain',
      package: 'python',
      source: 'Lib/json/__init__.py',
    });
    expect(frameOrigin('C:\\Python312\\Lib\\json\\decoder.py')).toEqual({
      kind: 'toolchain',
      package: 'python',
      source: 'Lib/json/decoder.py',
    });
    expect(frameOrigin('internal/modules/cjs/loader.js')).toEqual({
      kind: 'toolchain',
      package: 'node',
      source: 'lib/internal/modules/cjs/loader.js',
    });
    expect(frameOrigin('/usr/local/go/src/net/http/server.go')).toEqual({
      kind: 'toolchain',
      package: 'go',
      source: 'src/net/http/server.go',
    });
    expect(frameOrigin('/opt/hostedtoolcache/go/1.21.5/x64/src/runtime/panic.go')?.kind).toBe('toolchain');
    expect(frameOrigin('/usr/local/Cellar/go/1.21.5/libexec/src/testing/testing.go')?.kind).toBe('toolchain');
    expect(frameOrigin('/rustc/90c541806f23a127002de5b4038be731ba1458ca/library/core/src/panicking.rs')).toEqual({
      kind: 'toolchain',
      package: 'rust',
      source: 'library/core/src/panicking.rs',
    });
    expect(frameOrigin('/_/src/libraries/System.Private.CoreLib/src/System/ThrowHelper.cs')).toEqual({
      kind: 'toolchain',
      package: 'dotnet',
      source: 'src/libraries/System.Private.CoreLib/src/System/ThrowHelper.cs',
    });
  });

  it('leaves checkouts, a GOPATH project and a Go internal package of a repository alone', () => {
    for (const path of [
      '/home/u/src/flask/src/flask/app.py',
      'src/flask/json/__init__.py',
      '/home/u/go/src/github.com/gin-gonic/gin/context.go',
      'internal/render/json.go',
      '/home/u/proj/lib/app.js',
    ]) {
      expect(frameOrigin(path), path).toBeUndefined();
    }
  });

  it('every install is a library path', () => {
    expect(isLibraryPath('C:\\Python312\\Lib\\json\\decoder.py')).toBe(true);
    expect(isLibraryPath('/usr/local/go/src/encoding/json/decode.go')).toBe(true);
  });
});

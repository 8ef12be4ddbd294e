import { describe, expect, it } from 'vitest';
import { staticGraph, type Manifest } from './bench-page-bundle';

describe('staticGraph', () => {
  it('follows static imports once each, leaving out dynamic imports and CSS', () => {
    const manifest = {
      'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js'] },
      '_react.js': { file: 'assets/react.js' },
      'features/sunroom/sunroom-page.tsx': { file: 'assets/sunroom-page.js', imports: ['_react.js', '_form.js'] },
      '_form.js': { file: 'assets/form.js', imports: ['_react.js', '_form.css'] },
      '_form.css': { file: 'assets/form.css' },
      'features/workbench/page.tsx': { file: 'assets/workbench.js' },
    } as Manifest;
    expect(staticGraph(manifest, ['index.html', 'features/sunroom/sunroom-page.tsx'])).toEqual([
      'assets/index.js',
      'assets/react.js',
      'assets/sunroom-page.js',
      'assets/form.js',
    ]);
  });

  it('says which module is missing from the manifest', () => {
    expect(() => staticGraph({}, ['features/nowhere.tsx'])).toThrow(
      'features/nowhere.tsx is not in the build manifest',
    );
  });
});

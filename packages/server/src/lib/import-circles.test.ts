/**
 * No module of the project imports itself through others (issue 12 §4): circles make load order matter
 * and hide which module owns a piece. madge reads the import graph of every package's sources, the
 * console's lazy screen imports included.
 */
import { describe, expect, it } from 'vitest';
import madge from 'madge';

const ROOT = new URL('../../../..', import.meta.url).pathname;

describe('import graph', () => {
  it('has no circle in protocol, i18n, server or console', async () => {
    const graph = await madge(
      ['packages/protocol/src', 'packages/i18n/src', 'packages/server/src', 'packages/console/src'].map((p) => ROOT + p),
      {
        fileExtensions: ['ts', 'tsx'],
        tsConfig: `${ROOT}tsconfig.base.json`,
        excludeRegExp: [/node_modules/, /\.test\.tsx?$/],
      },
    );
    expect(Object.keys(graph.obj()).length).toBeGreaterThan(300);
    expect(graph.circular()).toEqual([]);
  });
});

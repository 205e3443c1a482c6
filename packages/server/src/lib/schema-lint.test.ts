import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Type from 'typebox';
import { pageQuery, PagingSchema } from '@mp/protocol';
import { testApp } from '../testing/test-app.js';
import { lintRouteSchema, lintSchema } from './schema-lint.js';

let t: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => {
  await t.close();
});

const SRC = new URL('..', import.meta.url).pathname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return sourceFiles(p);
    return p.endsWith('.ts') && !p.endsWith('.test.ts') ? [p] : [];
  });
}

describe('input schemas of every route (lib/schema-lint.ts)', () => {
  it('the lint sees each open shape and passes a closed one', () => {
    expect(lintSchema(Type.Object({ n: Type.Integer({ minimum: 1 }) }), 'body')).toEqual(['body.n: number without minimum and maximum']);
    expect(lintSchema(Type.Object({ s: Type.String() }), 'body')).toEqual(['body.s: string without maxLength']);
    expect(lintSchema(Type.Object({ a: Type.Array(Type.String({ maxLength: 5 })) }), 'body')).toEqual(['body.a: array without maxItems']);
    expect(lintSchema(Type.Object({ sortField: Type.String({ maxLength: 50 }) }), 'body')).toEqual(['body.sortField: not a closed set']);
    expect(lintSchema(Type.Object({ ...pageQuery(['name', 'code']), ...PagingSchema }), 'body')).toEqual([]);
  });

  it('every gateway route declares bounded integers, bounded strings and arrays, and closed sort fields', () => {
    const problems = t.app.routeTable
      .filter((r) => r.url.startsWith('/gateway') && r.method !== 'HEAD')
      .flatMap((r) => lintRouteSchema(r.schema).map((p) => `${r.method} ${r.url} ${p}`));
    expect(problems).toEqual([]);
  });

  it('every gateway route with a path parameter declares it, and every POST declares its body', () => {
    const missing = t.app.routeTable
      .filter((r) => r.url.startsWith('/gateway') && r.method !== 'HEAD')
      .filter((r) => {
        const s = (r.schema ?? {}) as Record<string, unknown>;
        return (r.url.includes(':') && !s.params) || (r.method === 'POST' && !s.body && !s.consumes);
      })
      .map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
  });

  it('no handler casts its input (`request.body as …`): the type provider types it from the schema', () => {
    const casts = sourceFiles(SRC).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => ({ line, i }))
        .filter(({ line }) => /\b(request|req)\.(body|query|params)\s+as\b/.test(line))
        .map(({ i }) => `${file.slice(SRC.length)}:${i + 1}`),
    );
    expect(casts).toEqual([]);
  });
});

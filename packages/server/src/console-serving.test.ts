import { afterAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from './app.js';

const dir = mkdtempSync(join(tmpdir(), 'mp-console-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('serving the built console', () => {
  it('serves files added after start, answers history-mode routes with the page, and keeps gateway 404s', async () => {
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>MP3.0 v1</title>');
    writeFileSync(join(dir, 'assets', 'a.js'), 'console.log(1)');
    const { app } = await buildApp({ dataDir: 'memory://', adminPassword: 'Admin@2026x', consoleDir: dir }, { logger: false });
    try {
      expect((await app.inject({ method: 'GET', url: '/assets/a.js' })).body).toBe('console.log(1)');
      // A rebuild while the server runs: new asset names and a new page.
      writeFileSync(join(dir, 'assets', 'b.js'), 'console.log(2)');
      writeFileSync(join(dir, 'index.html'), '<!doctype html><title>MP3.0 v2</title>');
      const b = await app.inject({ method: 'GET', url: '/assets/b.js' });
      expect(b.statusCode).toBe(200);
      expect(b.headers['content-type']).toContain('javascript');
      const route = await app.inject({ method: 'GET', url: '/platformAdmin/tenancyManager?menuid=x' });
      expect(route.headers['content-type']).toContain('text/html');
      expect(route.body).toContain('v2');
      const gw = await app.inject({ method: 'GET', url: '/gateway/nothing' });
      expect(gw.statusCode).toBe(404);
      expect(gw.json()).toMatchObject({ result: '0' });
    } finally {
      await app.close();
    }
  });
});

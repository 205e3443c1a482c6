/**
 * What the sign-in page loads, read from a console build's Vite manifest (issue 17 "Performance").
 * `/login` loads the entry (index.html's script) with its static imports and CSS, plus the chunk of the
 * login route (`src/pages/Login/index.tsx`) with its static imports, plus one language's first texts (the public screens' namespaces) and Ant
 * Design's locale (fetched on demand before the first render) — the files the browser fetches before the
 * form shows. Sizes are bytes, raw and gzipped (zlib level 9, like a static server would send).
 * Run as a script to print the table: `npx tsx e2e/bundle-size.ts [distDir]`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
  src?: string;
}
export interface LoadedFile {
  file: string;
  raw: number;
  gzip: number;
}
export interface PageLoad {
  files: LoadedFile[];
  raw: number;
  gzip: number;
}

/** The manifest key of the sign-in page's route module. */
export const LOGIN_ROUTE = 'src/pages/Login/index.tsx';

/** The console's languages: our locale folder and Ant Design's locale file for each. */
export const LANGUAGE_CHUNKS = {
  ZH_CN: ['i18n/src/locales/zh-CN/first.ts', 'antd/locale/zh_CN.js'],
  EN_US: ['i18n/src/locales/en-US/first.ts', 'antd/locale/en_US.js'],
  JA_JP: ['i18n/src/locales/ja-JP/first.ts', 'antd/locale/ja_JP.js'],
} as const;
export type ConsoleLanguage = keyof typeof LANGUAGE_CHUNKS;

/**
 * Files the first load of `/login` in `language` fetches from the build in `distDir` (needs
 * `build.manifest`), biggest gzipped first, with totals. Throws when the manifest, the login route or a
 * language chunk is missing.
 */
export function loginPageLoad(distDir: string, language: ConsoleLanguage = 'ZH_CN'): PageLoad {
  const manifestPath = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`no Vite manifest at ${manifestPath} (build with build.manifest)`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const entries = Object.keys(manifest).filter((k) => manifest[k]!.isEntry);
  if (!manifest[LOGIN_ROUTE]) throw new Error(`the manifest has no ${LOGIN_ROUTE}`);
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string): void => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key]!;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  const languageKeys = LANGUAGE_CHUNKS[language].map((suffix) => {
    const key = Object.keys(manifest).find((k) => k.endsWith(suffix));
    if (!key) throw new Error(`the manifest has no ${suffix}`);
    return key;
  });
  for (const k of [...entries, LOGIN_ROUTE, ...languageKeys]) visit(k);
  const sized = [...files]
    .map((file): LoadedFile => {
      const body = readFileSync(join(distDir, file));
      return { file, raw: body.length, gzip: gzipSync(body, { level: 9 }).length };
    })
    .sort((a, b) => b.gzip - a.gzip);
  return {
    files: sized,
    raw: sized.reduce((s, f) => s + f.raw, 0),
    gzip: sized.reduce((s, f) => s + f.gzip, 0),
  };
}

/** A printable table of a page load (KB = 1,000 bytes). */
export function formatPageLoad(load: PageLoad): string {
  const kb = (n: number) => (n / 1000).toFixed(1).padStart(8);
  const rows = load.files.map((f) => `${kb(f.raw)} ${kb(f.gzip)}  ${f.file}`);
  return [`     raw     gzip  file (KB)`, ...rows, `${kb(load.raw)} ${kb(load.gzip)}  total, ${load.files.length} files`].join('\n');
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname)) {
  const dist = resolve(process.argv[2] ?? process.env.MP_CONSOLE_DIR ?? 'packages/console/dist');
  for (const language of Object.keys(LANGUAGE_CHUNKS) as ConsoleLanguage[]) {
    console.log(`/login in ${language}\n${formatPageLoad(loginPageLoad(dist, language))}\n`);
  }
}

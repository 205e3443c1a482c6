/**
 * Every text of SPEC §8 (error catalogue) is carried by a key in the three locales and used where it belongs
 * (issue 18 "Loose ends": "a test lists texts no screen or server uses"). Each row names the SPEC text, the
 * key that carries it (`namespace:path`) and what the console or server source must contain to use it; the
 * English text must say what SPEC says (compared without case, punctuation and `{{placeholders}}`).
 * Texts of features not built yet are listed in PENDING with the issue that builds them; once a feature
 * lands its rows move to SPEC8 (the test fails when a pending text is already used, so the list shrinks).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { resources } from './index.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const SOURCES = ['packages/console/src', 'packages/server/src', 'packages/protocol/src'];

interface Row {
  /** SPEC §8's words (English). */
  text: string;
  /** The key carrying it: `namespace:dotted.path` (EN_US, ZH_CN and JA_JP all have it: the parity test). */
  key: string;
  /** What the source (not tests, not locale files) must contain to use the key. */
  use: string;
}

const SPEC8: Row[] = [
  // response codes and their handling
  { text: 'Please check the agree user Agreement Privacy Agreement', key: 'errors:10001001920', use: 'AGREEMENT_REQUIRED' },
  { text: 'The token is Over-Expires', key: 'errors:10009021002', use: 'TOKEN_EXPIRED' },
  { text: 'unknown error, contact the administrator', key: 'http:unknownError', use: "'unknownError'" },
  { text: 'Because of the network error caused by this operation cannot be completed.', key: 'http:networkError', use: "'networkError'" },
  { text: 'tip information', key: 'http:tipInformation', use: "'tipInformation'" },
  { text: 'authentication expired, please log in again', key: 'http:authExpired', use: "'authExpired'" },
  { text: 'request timeout', key: 'http:requestTimeout', use: "'requestTimeout'" },
  // messages
  { text: 'Test accounts are not supported for login yet', key: 'login:testAccount', use: "'testAccount'" },
  { text: 'user refused agreement', key: 'login:refused', use: "'refused'" },
  { text: 'password strength validation failed', key: 'login:reset.strengthFailed', use: 'strengthFailed' },
  { text: 'Only Excel files can be uploaded.', key: 'grid:excelOnly', use: 'grid:excelOnly' },
  { text: 'The file name length can not be greater than 50.', key: 'errors:file.name_too_long', use: "'file.name_too_long'" },
  { text: 'The file size can not exceed', key: 'grid:fileTooLarge', use: "'fileTooLarge'" },
  { text: 'The service url must end with .do', key: 'errors:appapi.url_suffix', use: 'URL_SUFFIX' },
  { text: 'The application tenant code must consist of letters and numbers', key: 'apptenant:codePattern', use: "'codePattern'" },
  // generic
  { text: 'Operation failed', key: 'common:operationFailed', use: 'operationFailed' },
  { text: 'Save failed', key: 'common:saveFailed', use: "'saveFailed'" },
  { text: 'Delete failed', key: 'common:deleteFailed', use: "'deleteFailed'" },
  { text: 'Upload failed', key: 'common:uploadFailed', use: 'common:uploadFailed' },
  { text: 'Load data fail', key: 'common:loadFailed', use: "'loadFailed'" },
  { text: 'Server exception', key: 'errors:protocol.server_error', use: "'protocol.server_error'" },
  { text: 'Loading chunk error, please reload page', key: 'layout:page.chunkError', use: "'page.chunkError'" },
  { text: 'invalid file type', key: 'errors:file.invalid_type', use: "'file.invalid_type'" },
  { text: 'process error or inaccessible process', key: 'workflow:inaccessible', use: "'inaccessible'" },
  // menu designer
  { text: 'Root node can not be deleted', key: 'appmenu:rootDelete', use: "'rootDelete'" },
  { text: 'You can not add a menu to the web page', key: 'appmenu:underPage', use: "'underPage'" },
  { text: 'You need save the editing record before adding another', key: 'appmenu:saveFirst', use: "'saveFirst'" },
  { text: 'Target page can not be a empty value', key: 'errors:appmenu.target_required', use: 'TARGET_REQUIRED' },
  { text: 'File size can not over 10M', key: 'iconchooser:tooLarge', use: "'tooLarge'" },
  { text: 'Can only upload image (.png, .jpg, .jpeg, .gif)', key: 'errors:appmobilemenu.icon_type', use: 'ICON_TYPE' },
  { text: 'Invalid page information, please check the setting file', key: 'errors:apppage.file_json', use: 'FILE_JSON' },
  { text: 'Control already exists in the list', key: 'errors:apppage.control_exists', use: 'CONTROL_EXISTS' },
  { text: 'The field already exists in the list', key: 'errors:apppage.field_exists', use: 'FIELD_EXISTS' },
  { text: 'Required fields with * cannot be empty', key: 'appmenu:requiredFields', use: "'requiredFields'" },
  // login
  { text: 'two passwords are inconsistent', key: 'login:reset.mismatch', use: 'reset.mismatch' },
  { text: 'enter correct mobile number', key: 'errors:otc.mobile_invalid', use: 'MOBILE_INVALID' },
  { text: 'dynamic code empty', key: 'errors:otc.code_empty', use: 'CODE_EMPTY' },
  // others
  { text: 'this node has no data', key: 'apppage:noData', use: "'noData'" },
  { text: 'please select a form or control node', key: 'apppage:selectNode', use: "'selectNode'" },
  { text: 'please choose one record', key: 'common:chooseOne', use: "'chooseOne'" },
  { text: 'select at least one record', key: 'common:chooseAtLeastOne', use: 'common:chooseAtLeastOne' },
  { text: 'role member added successfully', key: 'role:members.added', use: "'members.added'" },
  { text: 'role member deleted successfully', key: 'role:members.removed', use: "'members.removed'" },
  { text: 'Please select a user for unbind wechat account', key: 'account:unbindNone', use: "'unbindNone'" },
  { text: 'Only one user selected for unbind wechat account', key: 'account:unbindMany', use: "'unbindMany'" },
  { text: 'Are you sure to unbind wechat?', key: 'account:unbindConfirm', use: "'unbindConfirm'" },
  { text: 'User association succeeded', key: 'account:associated', use: "'associated'" },
  // face registration (issue 18, docs/face.md): the dialog's messages (components/FaceDialog)
  { text: 'plug-in not installed or not enabled', key: 'face:message.pluginMissing', use: "'pluginMissing'" },
  { text: 'browser not supported', key: 'face:message.browserUnsupported', use: "'browserUnsupported'" },
  { text: 'camera failed to open', key: 'face:message.cameraFailed', use: "'cameraFailed'" },
  { text: 'SDK initialisation failure with error code', key: 'face:message.sdkInitFailed', use: "'sdkInitFailed'" },
  { text: 'photo failure', key: 'face:message.photoFailed', use: "'photoFailed'" },
  { text: 'detection timeout', key: 'face:message.detectionTimeout', use: "'detectionTimeout'" },
  { text: 'face lost', key: 'face:message.faceLost', use: "'faceLost'" },
  { text: 'no face in the view box', key: 'face:message.noFaceInBox', use: "'noFaceInBox'" },
  { text: 'deletion succeeded', key: 'common:deleteSucceeded', use: "'deleteSucceeded'" },
];

/** SPEC §8 texts whose feature is not built yet: the issue that builds it, and what it will be called. */
const PENDING: { text: string; issue: string }[] = [];

/** Lower case, letters and digits only: SPEC's and our punctuation and placeholders differ. */
const norm = (s: string) =>
  s
    .replace(/\{\{[^}]*\}\}/g, ' ')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

function textOf(key: string): string | undefined {
  const [ns, path] = key.split(':') as [string, string];
  const bundle = (resources['en-US'] as Record<string, unknown>)[ns];
  const parts = ns === 'errors' && /^\d+$/.test(path) ? [path] : path.split('.');
  let v: unknown = bundle;
  for (const p of parts) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[p] : undefined;
  return typeof v === 'string' ? v : undefined;
}

/** Every non-test source file of the console, the server and the protocol, read once. */
function sourceText(): string {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) {
        if (name !== 'node_modules' && name !== 'dist') walk(p);
        continue;
      }
      if (/\.(ts|tsx)$/.test(name) && !/\.(test|spec)\.tsx?$/.test(name) && !relative(ROOT, p).includes('/testing/')) out.push(readFileSync(p, 'utf8'));
    }
  };
  for (const s of SOURCES) walk(join(ROOT, s));
  return out.join('\n');
}

describe('SPEC §8 texts', () => {
  const source = sourceText();

  it('each is carried by a key whose English says what SPEC says', () => {
    const wrong = SPEC8.filter((r) => !textOf(r.key) || !norm(textOf(r.key)!).includes(norm(r.text))).map(
      (r) => `${r.key}: ${JSON.stringify(textOf(r.key))} does not say "${r.text}"`,
    );
    expect(wrong).toEqual([]);
  });

  it('each is used by a screen or the server (texts nobody uses are listed)', () => {
    const unused = SPEC8.filter((r) => !source.includes(r.use)).map((r) => `"${r.text}" (${r.key}): no source contains ${r.use}`);
    expect(unused).toEqual([]);
  });

  it('the texts still pending are not carried by any key yet, so none is forgotten when its feature lands', () => {
    const english = JSON.stringify(resources['en-US']);
    const carried = PENDING.filter((p) => norm(english).includes(norm(p.text))).map((p) => `"${p.text}" (issue ${p.issue}) has a key now: move it to SPEC8`);
    expect(carried).toEqual([]);
  });
});

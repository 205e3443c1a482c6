/**
 * A Vite plugin that serves the face detector's model files from the console's own origin (issue 18;
 * docs/face.md "Model files"): `@vladmandic/human`'s BlazeFace model (`models/blazeface.json` and its
 * weights `blazeface.bin`, MIT, shipped in the npm package) is copied into the build as
 * `models/human/<file>` and served at the same path by the development server. Nothing is fetched from a
 * CDN at run time.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

/** The URL folder (under the console's base) the detector loads its models from. */
export const FACE_MODEL_DIR = 'models/human';
/** The model files copied: BlazeFace only (detection; no mesh, no description). */
const FILES = ['blazeface.json', 'blazeface.bin'];

/** The folder of `@vladmandic/human`'s model files in node_modules. */
function modelSource(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('@vladmandic/human')), '..', 'models');
}

/** Emits the model files into the build and serves them in development. */
export function faceModels(): Plugin {
  const src = modelSource();
  return {
    name: 'mp-face-models',
    generateBundle() {
      for (const f of FILES) this.emitFile({ type: 'asset', fileName: `${FACE_MODEL_DIR}/${f}`, source: readFileSync(join(src, f)) });
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const name = req.url?.split('?')[0]?.replace(`/${FACE_MODEL_DIR}/`, '');
        if (!name || !FILES.includes(name) || !req.url?.startsWith(`/${FACE_MODEL_DIR}/`)) return next();
        res.setHeader('content-type', name.endsWith('.json') ? 'application/json' : 'application/octet-stream');
        res.end(readFileSync(join(src, name)));
      });
    },
  };
}

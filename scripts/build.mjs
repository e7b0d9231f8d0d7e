#!/usr/bin/env node
/**
 * Production build (`npm run build`; `npm start` runs it first): the client with Vite and the server +
 * worker bundled by esbuild into server/dist/ (plain JavaScript: production never loads a TypeScript
 * loader). Each part is rebuilt only when its sources (or the lockfile) changed since its last build:
 * a hash of them is kept beside the output (client/dist/.sources-hash, server/dist/.sources-hash).
 * `--force` rebuilds both. See docs/architecture.md, "Start, build and restart".
 */
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const force = process.argv.includes('--force');
const only = process.argv.includes('--server') ? 'server' : process.argv.includes('--client') ? 'client' : 'all';

const SKIP = new Set(['node_modules', 'dist', '.artifacts', 'test-results']);

/** Every file under `dir` (sorted, relative to the root), skipping outputs and dependencies. */
function files(dir) {
  const out = [];
  const walk = (d) => {
    let entries;
    try {
      entries = fs.readdirSync(d, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (SKIP.has(e.name)) continue;
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile()) out.push(p);
    }
  };
  walk(path.join(root, dir));
  return out.sort();
}

/** A hash of the contents of the given folders and files (paths included), and of this script. */
function hashOf(parts) {
  const h = createHash('sha256');
  for (const part of [...parts, 'package-lock.json', 'scripts/build.mjs']) {
    const full = path.join(root, part);
    const list = fs.existsSync(full) && fs.statSync(full).isDirectory() ? files(part) : [full];
    for (const f of list) {
      if (!fs.existsSync(f)) continue;
      h.update(path.relative(root, f));
      h.update('\0');
      h.update(fs.readFileSync(f));
      h.update('\0');
    }
  }
  return h.digest('hex');
}

const stamp = (dir) => path.join(root, dir, '.sources-hash');
const upToDate = (dir, hash, marker) =>
  !force && fs.existsSync(path.join(root, dir, marker)) && readStamp(dir) === hash;
function readStamp(dir) {
  try {
    return fs.readFileSync(stamp(dir), 'utf8').trim();
  } catch {
    return '';
  }
}

function buildClient() {
  // The client imports the shared contract: its sources count too.
  const hash = hashOf(['client', 'shared/src', 'shared/package.json']);
  if (upToDate('client/dist', hash, 'index.html')) return console.log('[build] cliente sem mudanças: build mantido');
  console.log('[build] cliente: vite build…');
  // Always a production build, whatever the caller's NODE_ENV (the bench and tests set `test`, and Vite
  // would then ship React's development build).
  const env = { ...process.env, NODE_ENV: 'production' };
  const r = spawnSync('npm', ['run', 'build', '-w', '@tombo/client'], { cwd: root, stdio: 'inherit', env });
  if (r.status !== 0) process.exit(r.status ?? 1);
  precompress(path.join(root, 'client/dist'));
  fs.writeFileSync(stamp('client/dist'), hash + '\n');
}

/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|map|ico|wasm)$/;

/**
 * Brotli (best) and gzip (best) copies beside every compressible file of the client, once at build time, so
 * the server sends `file.br` / `file.gz` to a browser that accepts it (http/static-client.ts) without
 * compressing per request. A copy that is not smaller is not kept.
 */
function precompress(dir) {
  let before = 0;
  let after = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const file = path.join(e.parentPath ?? e.path, e.name);
    if (!e.isFile() || !COMPRESSIBLE.test(e.name)) continue;
    const raw = fs.readFileSync(file);
    const br = zlib.brotliCompressSync(raw, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
    });
    const gz = zlib.gzipSync(raw, { level: 9 });
    if (br.length < raw.length) fs.writeFileSync(file + '.br', br);
    if (gz.length < raw.length) fs.writeFileSync(file + '.gz', gz);
    before += raw.length;
    after += Math.min(br.length, raw.length);
  }
  console.log(
    `[build] cliente comprimido (brotli): ${(before / 1024).toFixed(0)} KiB → ${(after / 1024).toFixed(0)} KiB`,
  );
}

/**
 * Bare imports stay imports of node_modules (resolved from server/dist at run time, like the sources);
 * the workspaces (@tombo/*, TypeScript sources) are bundled.
 */
const externals = {
  name: 'tombo-externals',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@tombo/') ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * Every output file lives in server/dist, one level below server/: code that finds files relative to
 * its own source folder (`import.meta.dirname`: migrations, package.json, client/dist) gets that
 * source folder back, as an expression relative to the bundle.
 */
const sourceDirs = {
  name: 'tombo-source-dirs',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      let text = await fs.promises.readFile(args.path, 'utf8');
      if (text.includes('import.meta.dirname')) {
        const rel = path.relative(root, path.dirname(args.path)).split(path.sep).join('/');
        text = text.replaceAll('import.meta.dirname', `(import.meta.dirname + ${JSON.stringify('/../../' + rel)})`);
      }
      // A worker thread's entry is a bundle entry of its own (see the entry list below).
      text = text.replace(/new URL\('\.\/([\w-]+)\.ts', import\.meta\.url\)/g, "new URL('./$1.js', import.meta.url)");
      return { contents: text, loader: 'ts' };
    });
  },
};

async function buildServer() {
  const hash = hashOf(['server/src', 'shared/src', 'worker/src', 'server/package.json', 'shared/package.json']);
  if (upToDate('server/dist', hash, 'main.js')) return console.log('[build] servidor sem mudanças: build mantido');
  console.log('[build] servidor e worker: esbuild…');
  const esbuild = await import('esbuild');
  const outdir = path.join(root, 'server', `dist.tmp-${process.pid}`);
  fs.rmSync(outdir, { recursive: true, force: true });
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: {
      main: 'server/src/main.ts',
      worker: 'worker/src/main.ts',
      'check-thread': 'server/src/modules/patrimonios/import/check-thread.ts',
    },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [externals, sourceDirs],
  });
  fs.writeFileSync(path.join(outdir, '.sources-hash'), hash + '\n');
  // Swapped in whole: a process starting meanwhile never sees half a build.
  const dist = path.join(root, 'server', 'dist');
  const old = path.join(root, 'server', `dist.old-${process.pid}`);
  if (fs.existsSync(dist)) fs.renameSync(dist, old);
  fs.renameSync(outdir, dist);
  fs.rmSync(old, { recursive: true, force: true });
}

if (only !== 'server') buildClient();
if (only !== 'client') await buildServer();

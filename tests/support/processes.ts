// Real server and worker processes for the shutdown and fault tests (loopback only, ports 3300–3399).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '../..');

/** Builds the production bundle once per test file (a no-op when the sources did not change). */
export function buildBundle(): void {
  const r = spawnSync(process.execPath, ['scripts/build.mjs', '--server'], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`build failed:\n${r.stdout}\n${r.stderr}`);
}

export interface Proc {
  child: ChildProcess;
  /** Everything it printed so far. */
  log(): string;
  /** Resolves with the exit code (or signal) once it exited. */
  exited: Promise<number | string>;
}

/** Starts `server/dist/<entry>.js` with the given environment; stdout and stderr are collected. */
export function startProcess(entry: 'main' | 'worker', env: Record<string, string | undefined>): Proc {
  const child = spawn(process.execPath, ['--enable-source-maps', `server/dist/${entry}.js`], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (b: Buffer) => (out += b.toString()));
  child.stderr!.on('data', (b: Buffer) => (out += b.toString()));
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  return { child, log: () => out, exited };
}

/** Waits until `url` answers 200 (the process must stay alive meanwhile). */
export async function waitHealthy(p: Proc, url: string): Promise<void> {
  for (;;) {
    if (p.child.exitCode != null || p.child.signalCode != null) throw new Error(`process exited:\n${p.log()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Waits until `text` appears in the process's output. */
export async function waitLog(p: Proc, text: string): Promise<void> {
  while (!p.log().includes(text)) {
    if (p.child.exitCode != null) throw new Error(`process exited before "${text}":\n${p.log()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export const tempDir = (prefix: string) => fs.mkdtempSync(path.join(os.tmpdir(), prefix));

/** Kills what is still running (by the handles this test started). */
export function killAll(procs: Proc[]): void {
  for (const p of procs) if (p.child.exitCode == null && p.child.signalCode == null) p.child.kill('SIGKILL');
}

export async function login(url: string, email = 'admin@exemplo.gov.br', password = 'Tombo@2025'): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`login: ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

// Runs npm scripts side by side (the test machine has 2 cores; typecheck and lint each use one) and fails when any
// fails. Each script's output is printed whole when it ends, so the two never interleave.
import { spawn } from 'node:child_process';

const names = process.argv.slice(2);
const runs = names.map(
  (name) =>
    new Promise((resolve) => {
      const child = spawn('npm', ['run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'] });
      const out = [];
      child.stdout.on('data', (d) => out.push(d));
      child.stderr.on('data', (d) => out.push(d));
      child.on('close', (code) => {
        process.stdout.write(`== npm run ${name}: ${code === 0 ? 'ok' : `falhou (${code})`}\n`);
        process.stdout.write(Buffer.concat(out));
        resolve(code ?? 1);
      });
    }),
);
const codes = await Promise.all(runs);
process.exit(codes.some((c) => c !== 0) ? 1 : 0);

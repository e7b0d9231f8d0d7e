/**
 * The crowd of a live bench, in its own thread: thousands of other people's sockets that stay
 * connected and receive what the server fans out, so their parsing does not sit in the measured
 * client's event loop (in real life they are other browsers). Counts what each group received.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { io as connect } from 'socket.io-client';

/** @typedef {{ name: string, tokens: string[], sockets: number }} CrowdGroup  a name for the report, its tokens, how many */

/** @type {{ url: string, groups: CrowdGroup[] }} */
const { url, groups } = workerData;
/** @type {Record<string, number>} */
const received = {};
/** @type {import('socket.io-client').Socket[]} */
const sockets = [];

/** @param {CrowdGroup} group */
async function open(group) {
  received[group.name] = 0;
  for (let i = 0; i < group.sockets; i += 200) {
    await Promise.all(
      Array.from({ length: Math.min(200, group.sockets - i) }, (_, k) => {
        const s = connect(url, {
          auth: { token: group.tokens[(i + k) % group.tokens.length] },
          transports: ['websocket'],
          reconnection: false,
          forceNew: true,
        });
        sockets.push(s);
        s.onAny(() => received[group.name]++);
        return new Promise((resolve, reject) => {
          s.once('connect', () => resolve(undefined));
          s.once('connect_error', reject);
        });
      }),
    );
  }
}

for (const g of groups) await open(g);
parentPort.postMessage({ ready: true });
parentPort.on('message', (m) => {
  if (m === 'count') parentPort.postMessage({ received: { ...received } });
  else {
    for (const s of sockets) s.disconnect();
    parentPort.postMessage({ closed: true });
  }
});

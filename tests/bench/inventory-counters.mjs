/**
 * The counters' sockets of the inventory bench, in their own thread (as crowd.mjs): each joins the
 * inventory's room and notes when every `inventario.leituras` event arrives (epoch ms), by the batch's
 * first reading id, so the main thread can time "batch sent → other counters' sockets received it".
 */
import { parentPort, workerData } from 'node:worker_threads';
import { io as connect } from 'socket.io-client';

/** @type {{ url: string, tokens: string[], inventarioIds: number[] }} */
const { url, tokens, inventarioIds } = workerData;
/** @type {Array<[number, string, number]>} socket index, first reading id, arrival (epoch ms) */
const arrivals = [];
/** @type {import('socket.io-client').Socket[]} */
const sockets = [];
const now = () => performance.timeOrigin + performance.now();

await Promise.all(
  tokens.map(
    (token, i) =>
      new Promise((resolve, reject) => {
        const s = connect(url, { auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
        sockets.push(s);
        s.on('inventario.leituras', (e) => arrivals.push([i, e.data.resultados[0]?.id ?? '', now()]));
        s.once('connect_error', reject);
        s.once('connect', async () => {
          for (const id of inventarioIds) {
            const ack = await new Promise((r) => s.emit('inventario.join', id, r));
            if (!ack.ok) return reject(new Error(ack.error));
          }
          resolve(undefined);
        });
      }),
  ),
);
parentPort.postMessage({ ready: true });
parentPort.on('message', (m) => {
  if (m === 'arrivals') parentPort.postMessage({ arrivals });
  else {
    for (const s of sockets) s.disconnect();
    parentPort.postMessage({ closed: true });
  }
});

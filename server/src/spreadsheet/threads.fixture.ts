// A worker-thread entry for threads.test.ts: echoes, throws an HTTP-like error, spins, or eats memory.
import { serveTasks } from './threads';

serveTasks(async (input: { op: 'echo' | 'throw' | 'spin' | 'hog'; value?: number }) => {
  if (input.op === 'throw')
    throw Object.assign(new Error('Planilha recusada.'), { status: 422, code: 'UNPROCESSABLE' });
  if (input.op === 'spin') for (;;);
  if (input.op === 'hog') {
    const kept: number[][] = [];
    for (;;) kept.push(new Array(100_000).fill(Math.random()));
  }
  return { twice: (input.value ?? 0) * 2 };
});

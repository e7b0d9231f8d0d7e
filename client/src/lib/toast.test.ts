import { beforeEach, describe, expect, it } from 'vitest';
import { toast, useToastStore } from './toast';

const shown = () => useToastStore.getState().current?.message ?? null;
const close = () => useToastStore.getState().dismiss(useToastStore.getState().current?.id);

describe('toasts: one at a time, and a notice never swallows the answer to the user', () => {
  beforeEach(() => useToastStore.setState({ current: null, waiting: [] }));

  it('a toast of the user replaces the one on screen', () => {
    toast.success('Exportação iniciada.');
    toast.success('Arquivo pronto.');
    expect(shown()).toBe('Arquivo pronto.');
    close();
    expect(shown()).toBeNull();
  });

  it('a live notice waits for the toast on screen, then shows in order', () => {
    toast.success('Reavaliação registrada.');
    toast.notice('Transferência aprovada.', 'Nova notificação');
    toast.notice('Empréstimo vencido.');
    expect(shown()).toBe('Reavaliação registrada.');
    close();
    expect(shown()).toBe('Transferência aprovada.');
    close();
    expect(shown()).toBe('Empréstimo vencido.');
    close();
    expect(shown()).toBeNull();
  });

  it('a notice with nothing on screen shows at once; a burst keeps only the last three waiting', () => {
    toast.notice('um');
    expect(shown()).toBe('um');
    for (const n of ['dois', 'três', 'quatro', 'cinco']) toast.notice(n);
    expect(useToastStore.getState().waiting.map((t) => t.message)).toEqual(['três', 'quatro', 'cinco']);
  });

  it('closing a toast that is no longer on screen changes nothing', () => {
    toast.success('a');
    const old = useToastStore.getState().current!.id;
    toast.notice('b');
    toast.success('c');
    useToastStore.getState().dismiss(old);
    expect(shown()).toBe('c');
    expect(useToastStore.getState().waiting).toHaveLength(1);
  });
});

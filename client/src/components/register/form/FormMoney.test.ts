import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { money } from '@tombo/shared';
import { moneyErrorText } from './FormMoney';

// Issue 35: the hint says "ex.: 1.234,56" and the error said "use o formato 1234.56".
describe('the money input error', () => {
  it("states the hint's pt-BR format", () => {
    const r = z.object({ v: money }).safeParse({ v: '12,3,4' });
    const message = r.error!.issues[0].message;
    expect(message).toContain('1234.56');
    expect(moneyErrorText(message)).toBe('Valor de aquisição inválido (use o formato 1.234,56).');
    expect(moneyErrorText('Valor inválido (use 1234.56).')).toBe('Valor inválido (use o formato 1.234,56).');
    expect(moneyErrorText('O valor de aquisição não pode ser negativo.')).toBe(
      'O valor de aquisição não pode ser negativo.',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { trimmed } from '../common';
import { agreePlural, requiredMessage } from './words';

// Issue 35: "Denominação é obrigatório." — a required field's message agrees with its label.
describe('requiredMessage', () => {
  it.each([
    ['Denominação', 'Denominação é obrigatória.'],
    ['Data de aquisição', 'Data de aquisição é obrigatória.'],
    ['Forma de aquisição', 'Forma de aquisição é obrigatória.'],
    ['Assinatura', 'Assinatura é obrigatória.'],
    ['Quantidade', 'Quantidade é obrigatória.'],
    ['Cor', 'Cor é obrigatória.'],
    ['Nome', 'Nome é obrigatório.'],
    ['Endereço', 'Endereço é obrigatório.'],
    ['Rótulo', 'Rótulo é obrigatório.'],
    ['Cabeçalho', 'Cabeçalho é obrigatório.'],
    ['Nº Patrimônio', 'Nº Patrimônio é obrigatório.'],
    ['Sistema de origem', 'Sistema de origem é obrigatório.'],
    ['E-mail', 'E-mail é obrigatório.'],
  ])('%s', (label, text) => expect(requiredMessage(label)).toBe(text));

  it('is what the shared zod text field answers', () => {
    const r = trimmed('Denominação').safeParse('  ');
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toBe('Denominação é obrigatória.');
    expect(trimmed('Nome').safeParse(undefined).error?.issues[0].message).toBe('Nome é obrigatório.');
  });
});

describe('agreePlural', () => {
  it.each([
    ['Formas de aquisição', 'Formas de aquisição encontradas'],
    ['Setores', 'Setores encontrados'],
    ['Locais', 'Locais encontrados'],
    ['Tipos de bem', 'Tipos de bem encontrados'],
    ['Situações', 'Situações encontradas'],
  ])('%s', (label, text) => expect(`${label} ${agreePlural(label, 'encontrado')}`).toBe(text));
});

import { describe, expect, it } from 'vitest';
import { footerText, prefeituraOf } from './defaults';

describe('footerText', () => {
  it('shows the current year where the footer says {ano}, and any other text as it is', () => {
    expect(footerText('© {ano} Tombo.', new Date(2027, 0, 1))).toBe('© 2027 Tombo.');
    expect(footerText('© 2026 Prefeitura')).toBe('© 2026 Prefeitura');
  });
});

describe('prefeituraOf', () => {
  it('names the city hall once, whatever the municipality was registered as', () => {
    expect(prefeituraOf('Itabuna')).toBe('Prefeitura Municipal de Itabuna');
    expect(prefeituraOf('Município de Exemplo')).toBe('Prefeitura Municipal de Exemplo');
    expect(prefeituraOf('Municipio do Crato')).toBe('Prefeitura Municipal de Crato');
    expect(prefeituraOf('Prefeitura Municipal de São José')).toBe('Prefeitura Municipal de São José');
    expect(prefeituraOf('  Santos ')).toBe('Prefeitura Municipal de Santos');
  });
});

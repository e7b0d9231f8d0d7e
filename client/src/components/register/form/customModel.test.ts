import { describe, expect, it } from 'vitest';
import { checkCustom, customBody, customDefaults, customInputsFrom } from './customModel';
import type { CustomFieldDef } from './CustomFieldInput';

const fields: CustomFieldDef[] = [
  { key: 'placa', label: 'Placa', type: 'TEXT', required: true, options: null },
  { key: 'km', label: 'Quilometragem', type: 'NUMBER', required: false, options: null },
  { key: 'revisao', label: 'Revisão', type: 'DATE', required: false, options: null },
  { key: 'blindado', label: 'Blindado', type: 'BOOLEAN', required: false, options: null },
];

describe('custom fields of a record form', () => {
  it('starts empty, a switch off', () => {
    expect(customDefaults(fields)).toEqual({ placa: '', km: '', revisao: '', blindado: false });
  });

  it('shows stored values the pt-BR way and sends them back as the API reads them', () => {
    const stored = { placa: 'ABC1D23', km: 1234.5, revisao: '2024-03-09', blindado: true };
    const inputs = customInputsFrom(fields, stored);
    expect(inputs).toEqual({ placa: 'ABC1D23', km: '1234,5', revisao: '09/03/2024', blindado: true });
    expect(customBody(fields, inputs)).toEqual(stored);
  });

  it('passes unreadable text on as typed and names each problem under custom.<key>', () => {
    const inputs = { placa: ' ', km: 'muito', revisao: '31/02/2024', blindado: false };
    expect(customBody(fields, inputs)).toMatchObject({ placa: null, km: 'muito', revisao: '31/02/2024' });
    const errors: Record<string, string> = {};
    checkCustom(fields, inputs, (path, message) => (errors[path] ??= message));
    expect(Object.keys(errors).sort()).toEqual(['custom.km', 'custom.placa', 'custom.revisao']);
    expect(errors['custom.placa']).toContain('Placa');
  });
});

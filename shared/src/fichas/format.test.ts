import { describe, expect, it } from 'vitest';
import type { Patrimonio } from '../patrimonios/types';
import { labelData } from '../etiquetas/values';
import { fichaFieldValue } from './format';

// Issue 35: the standard fields real registers carry print on the record sheet and on labels, in pt-BR forms.
describe('standard fields on paper', () => {
  const asset = {
    marca: 'Dell',
    modelo: 'Latitude 5440',
    numeroSerie: 'BR-7781',
    fornecedorNome: null,
    fornecedorCnpj: '11222333000181',
    notaFiscalData: '2024-03-15',
    dataBaixa: null,
  } as unknown as Patrimonio;

  it('the record sheet prints dates dd/mm/aaaa, the CNPJ punctuated and a dash where empty', () => {
    expect(fichaFieldValue(asset, 'marca')).toBe('Dell');
    expect(fichaFieldValue(asset, 'notaFiscalData')).toBe('15/03/2024');
    expect(fichaFieldValue(asset, 'fornecedorCnpj')).toBe('11.222.333/0001-81');
    expect(fichaFieldValue(asset, 'fornecedorNome')).toBe('—');
    expect(fichaFieldValue(asset, 'dataBaixa')).toBe('—');
  });

  it('a label prints brand, model and serial number', () => {
    const label = labelData(
      {
        numero: '1',
        municipalityId: 1,
        descricao: 'Notebook',
        tipo: null,
        setor: 'TI',
        local: null,
        status: 'ativo',
        estado: null,
        valor: '0.00',
        data: null,
        forma: null,
        quantidade: 1,
        marca: 'Dell',
        modelo: 'Latitude 5440',
        numeroSerie: 'BR-7781',
        customFields: null,
      },
      'Município',
      'http://localhost',
    );
    expect([label.value('marca'), label.value('modelo'), label.value('numero_serie')]).toEqual([
      'Dell',
      'Latitude 5440',
      'BR-7781',
    ]);
  });
});

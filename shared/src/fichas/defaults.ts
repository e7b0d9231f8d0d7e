import type { FichaTemplateBody } from './schemas';

/**
 * Spec §9: the record-sheet template every municipality starts with. The migration's SQL function
 * `seed_ficha_templates(municipality)` writes the same values (a test keeps the two equal).
 */
export const DEFAULT_FICHA_TEMPLATES: readonly FichaTemplateBody[] = [
  {
    name: 'Ficha Padrão',
    isDefault: true,
    fields: [
      'numero_patrimonio',
      'descricao_bem',
      'tipo',
      'status',
      'estado_conservacao',
      'quantidade',
      'observacoes',
      'forma_aquisicao',
      'data_aquisicao',
      'valor_aquisicao',
      'setor_responsavel',
      'local_objeto',
    ],
    showCustomFields: true,
    showPhoto: true,
    showQr: true,
    showHistory: true,
    historyLimit: 10,
    signatures: ['Responsável pelo setor', 'Departamento de Patrimônio'],
  },
];

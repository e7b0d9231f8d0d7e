import { z } from 'zod';
import { idFromText, version } from './common';

/** Asset numbering pattern of spec §3 (one per municipality); the server assigns the numbers. */
export const NUMBERING_YEAR_FORMATS = ['YYYY', 'YY'] as const;
export const NUMBERING_SEPARATORS = ['', '-', '/', '.'] as const;

const componentId = z.string().trim().min(1).max(40);
export const numberingComponent = z.discriminatedUnion(
  'type',
  [
    z.strictObject({
      id: componentId,
      type: z.literal('year'),
      format: z.enum(NUMBERING_YEAR_FORMATS, { error: 'Formato de ano inválido (use YYYY ou YY).' }),
    }),
    z.strictObject({
      id: componentId,
      type: z.literal('sector'),
      sectorCodeLength: z
        .number()
        .int()
        .min(1, { error: 'O código do setor deve ter 1 ou 2 caracteres.' })
        .max(2, { error: 'O código do setor deve ter 1 ou 2 caracteres.' }),
    }),
    z.strictObject({
      id: componentId,
      type: z.literal('sequence'),
      length: z
        .number({ error: 'Informe o tamanho da sequência.' })
        .int()
        .min(1, { error: 'A sequência deve ter de 1 a 10 dígitos.' })
        .max(10, { error: 'A sequência deve ter de 1 a 10 dígitos.' }),
    }),
  ],
  { error: 'Componente de numeração inválido.' },
);
export type NumberingComponent = z.infer<typeof numberingComponent>;

export const numberingBody = z.strictObject({
  components: z
    .array(numberingComponent)
    .min(1)
    .max(3)
    .refine((c) => c.filter((x) => x.type === 'sequence').length === 1, {
      error: 'O padrão deve ter exatamente uma sequência.',
    })
    .refine((c) => c.filter((x) => x.type === 'year').length <= 1 && c.filter((x) => x.type === 'sector').length <= 1, {
      error: 'Cada componente pode aparecer no máximo uma vez.',
    }),
  separator: z.enum(NUMBERING_SEPARATORS, { error: 'Separador inválido.' }).optional(),
  version,
  municipalityId: z.unknown().optional(),
});
export type NumberingBody = z.infer<typeof numberingBody>;

/** Query of GET /api/numeracao/proximo: one sector, or every sector of the municipality when omitted. */
export const numberingNextQuery = z.strictObject({
  sectorId: idFromText('Setor inválido.').optional(),
});
export type NumberingNextQuery = z.infer<typeof numberingNextQuery>;

/** The number the next asset of a sector would get now; a preview, not a reservation. */
export interface NextNumber {
  sectorId: number;
  sectorName: string;
  sectorCode: string;
  /** null when the pattern's sequence is exhausted for this sector (creation would be refused). */
  numero: string | null;
}

/** Answer of GET /api/numeracao/proximo: sectors by name, with the pattern version they were computed with. */
export interface NextNumbers {
  patternVersion: number;
  items: NextNumber[];
}

export interface NumberingPattern {
  municipalityId: number;
  components: NumberingComponent[];
  separator: (typeof NUMBERING_SEPARATORS)[number];
  /** True while the municipality never saved one (spec §4: the default of §9 applies). */
  isDefault: boolean;
  version: number;
  /** A sample number with this pattern (current year, sector code 'AD', sequence 1). */
  example: string;
}

/** Spec §9: year (YYYY), a 2-character sector code, a 6-digit sequence. */
export const DEFAULT_NUMBERING: Pick<NumberingPattern, 'components' | 'separator'> = {
  components: [
    { id: 'year', type: 'year', format: 'YYYY' },
    { id: 'sector', type: 'sector', sectorCodeLength: 2 },
    { id: 'sequence', type: 'sequence', length: 6 },
  ],
  separator: '',
};

export interface NumberParts {
  year: number;
  sectorCode: string;
  sequence: number;
}

/** The sector code as a pattern shows it: upper case, cut or zero-padded to the pattern's length. */
const sectorPart = (code: string, length: number) => code.toUpperCase().slice(0, length).padEnd(length, '0');

/** Renders a number; `sequence` null renders '#' in its place. */
export function renderNumero(
  p: Pick<NumberingPattern, 'components' | 'separator'>,
  parts: Omit<NumberParts, 'sequence'> & { sequence: number | null },
): string {
  return p.components
    .map((c) => {
      if (c.type === 'year') return c.format === 'YY' ? String(parts.year % 100).padStart(2, '0') : String(parts.year);
      if (c.type === 'sector') return sectorPart(parts.sectorCode, c.sectorCodeLength);
      return parts.sequence == null ? '#' : String(parts.sequence).padStart(c.length, '0');
    })
    .join(p.separator);
}

/**
 * What a sequence belongs to: the sector code as the pattern shows it ('' = no sector part) and the
 * year (0 = no year part). Separators, part order, digit width and YY/YYYY do not change it.
 */
export interface SequenceKey {
  sectorCode: string;
  year: number;
}

/** The sequence a number of this pattern, year and sector continues. */
export function sequenceKey(
  p: Pick<NumberingPattern, 'components'>,
  parts: Omit<NumberParts, 'sequence'>,
): SequenceKey {
  const sector = p.components.find((c) => c.type === 'sector');
  return {
    sectorCode: sector ? sectorPart(parts.sectorCode, sector.sectorCodeLength) : '',
    year: p.components.some((c) => c.type === 'year') ? parts.year : 0,
  };
}

export const sequenceLength = (p: Pick<NumberingPattern, 'components'>) =>
  (p.components.find((c) => c.type === 'sequence') as { length: number } | undefined)?.length ?? 6;

export const NUMBERING_MSG = {
  saved: 'Padrão de numeração salvo com sucesso.',
  exhausted:
    'A sequência de numeração deste padrão se esgotou. Aumente o tamanho da sequência em Configurações › Numeração de Bens.',
} as const;

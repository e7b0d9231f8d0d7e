import { z } from 'zod';
import { BUSCA_MSG } from './messages';

/** Shortest and longest text the global search accepts (shorter ones give nothing useful to an index). */
export const BUSCA_MIN_CHARS = 2;
export const BUSCA_MAX_CHARS = 100;
/** Results per group: default and most. */
export const BUSCA_DEFAULT_LIMIT = 5;
export const BUSCA_MAX_LIMIT = 20;
/** Matches are counted up to this many per group; past it the panel says "mais de 1.000". */
export const BUSCA_COUNT_CAP = 1_000;

/** `GET /api/busca?q=&limit=`: the text and how many results per group. */
export const buscaQuery = z.strictObject({
  q: z
    .string({ error: BUSCA_MSG.tooShort })
    .trim()
    .min(BUSCA_MIN_CHARS, { error: BUSCA_MSG.tooShort })
    .max(BUSCA_MAX_CHARS, { error: BUSCA_MSG.tooLong }),
  limit: z.coerce
    .number({ error: BUSCA_MSG.badLimit })
    .int({ error: BUSCA_MSG.badLimit })
    .min(1, { error: BUSCA_MSG.badLimit })
    .max(BUSCA_MAX_LIMIT, { error: BUSCA_MSG.badLimit })
    .default(BUSCA_DEFAULT_LIMIT),
});
export type BuscaQuery = z.infer<typeof buscaQuery>;

/**
 * The kinds of result, in the order the panel shows them. `imoveis` is declared for the property
 * register (issue 13): its area adds a provider on the server and its group appears; until then none.
 */
export const BUSCA_KINDS = ['patrimonios', 'imoveis', 'setores', 'locais', 'usuarios', 'telas'] as const;
export type BuscaKind = (typeof BUSCA_KINDS)[number];

export const buscaItem = z.strictObject({
  /** Unique within its group (a row id, or a screen's path). */
  id: z.string(),
  label: z.string(),
  sublabel: z.string().nullable(),
  /** The client route that opens it. */
  href: z.string(),
});
export type BuscaItem = z.infer<typeof buscaItem>;

export const buscaGroup = z.strictObject({
  kind: z.enum(BUSCA_KINDS),
  /** The group's heading (pt-BR). */
  label: z.string(),
  items: z.array(buscaItem),
  /** How many match in all (the items are the first `limit`), exact up to BUSCA_COUNT_CAP. */
  total: z.number().int(),
  /** True when more than `total` (= BUSCA_COUNT_CAP) match. */
  totalIsCapped: z.boolean(),
  /** Where to see every match (the assets list with the same text), when the group may have more. */
  moreHref: z.string().nullable(),
});
export type BuscaGroup = z.infer<typeof buscaGroup>;

/** The answer: only groups with results, in BUSCA_KINDS order. */
export const buscaResponse = z.strictObject({ q: z.string(), groups: z.array(buscaGroup) });
export type BuscaResponse = z.infer<typeof buscaResponse>;

import { z } from 'zod';
import { requiredMessage } from './format/words';

/** Bounds of a PostgreSQL `integer` (int4) column: ids, quantities, versions, page numbers. */
export const INT4_MIN = -2_147_483_648;
export const INT4_MAX = 2_147_483_647;
const NUMBER_MSG = 'Número inválido.';
const ID_MSG = 'Identificador inválido.';

/** An integer that fits an int4 column, from a JSON body. */
export const int4 = (message = NUMBER_MSG) =>
  z
    .number({ error: message })
    .int({ error: message })
    .min(INT4_MIN, { error: message })
    .max(INT4_MAX, { error: message });
/** An integer that fits an int4 column, from a path or a query string. */
export const int4FromText = (message = NUMBER_MSG) =>
  z.coerce
    .number({ error: message })
    .int({ error: message })
    .min(INT4_MIN, { error: message })
    .max(INT4_MAX, { error: message });
/** A row id (serial: 1 … 2³¹ − 1) in a JSON body. */
export const idNumber = (message = ID_MSG) => int4(message).positive({ error: message });
/** A row id (serial: 1 … 2³¹ − 1) in a path or a query string. */
export const idFromText = (message = ID_MSG) => int4FromText(message).positive({ error: message });

export const idParam = z.strictObject({ id: idFromText() });
export type IdParam = z.infer<typeof idParam>;

export const trimmed = (label: string, max = 200) =>
  z
    .string({ error: requiredMessage(label) })
    .trim()
    .min(1, { error: requiredMessage(label) })
    .max(max, { error: `${label} deve ter no máximo ${max} caracteres.` });

/** Optimistic-concurrency version carried by every mutable record. */
export const version = int4('Versão inválida.').nonnegative({ error: 'Versão inválida.' });

/** Event envelope of every live event (DESIGN §5). */
export interface LiveEvent<T = unknown> {
  id: string;
  municipalityId: number | null;
  actor: { id: number; name: string } | null;
  at: string;
  data: T;
}

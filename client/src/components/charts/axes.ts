import { formatInteger } from '@tombo/shared';

const COMPACT = new Intl.NumberFormat('pt-BR', { notation: 'compact', maximumFractionDigits: 1 });

/**
 * The value axis of a chart of counts: whole ticks only (never "0,2 bens") grouped in pt-BR ("1.000"; the
 * charts' default tick format is English, "1,000"). Spread into `xAxis`/`yAxis`.
 */
export const countAxis = { tickMinStep: 1, valueFormatter: (v: number) => formatInteger(v) };

/** The value axis of a chart of amounts (money): pt-BR compact ticks ("1,2 mil", "3 mi"). */
export const amountAxis = { valueFormatter: (v: number) => COMPACT.format(v) };

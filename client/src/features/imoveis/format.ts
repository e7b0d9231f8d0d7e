import { formatDecimal } from '@tombo/shared';

/** A stored area ("1234.50") as shown: "1.234,50 m²"; '—' when there is none. */
export const formatArea = (v: string | null | undefined) => (v == null || v === '' ? '—' : `${formatDecimal(v, 2)} m²`);

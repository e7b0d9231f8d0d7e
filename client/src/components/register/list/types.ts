import type { ReactNode } from 'react';

/** Query of a register's GET as the client builds it (strings, ready for the URL). */
export type ListParams = Record<string, string>;

/** One column of a register list. */
export interface RegisterColumn<T> {
  /** The field name (also the key in the column chooser's storage). */
  field: string;
  header: string;
  /** Width in px; the one column without a width takes the rest of the line (at least `minWidth`). */
  width?: number;
  minWidth?: number;
  align?: 'left' | 'right';
  /** The server's sort key for this column, when it sorts. */
  sort?: string;
  /** The text of the cell: shortened with an ellipsis, whole in the cell's title. */
  text?: (row: T) => string;
  /** A cell drawn otherwise (a chip, a link); `text` still gives its title. */
  render?: (row: T) => ReactNode;
  /** Up to two lines before the ellipsis (long descriptions). */
  lines?: 1 | 2;
  /** Hidden until the person shows it in the column chooser. */
  hidden?: boolean;
}

export interface FilterOption {
  value: string;
  label: string;
}

/** One filter of the filters panel; `key` is its URL and API query name. */
export interface FilterDef {
  key: string;
  label: string;
  kind: 'select' | 'multi' | 'text' | 'suggest' | 'money' | 'date';
  options?: FilterOption[];
  /** The label of the empty choice of a select ('Todos'). */
  all?: string;
  /** Filters emptied when this one changes (a place belongs to a sector). */
  resets?: string[];
}

/** What a phone card shows of a row. */
export interface PhoneCard {
  /** The number, top left. */
  title: string;
  /** The status chip, top right. */
  chip: ReactNode;
  /** The description (two lines at most). */
  body: ReactNode;
  /** Bottom left, one line (sector, location…). */
  meta: string;
  /** Bottom right (value, area, due date…). */
  figure?: ReactNode;
  /** More lines under the meta line (who, when). */
  details?: ReactNode;
  /** Buttons under the card (outside its link, so they do not open the record). */
  actions?: ReactNode;
  ariaLabel: string;
}

export interface PhoneSort {
  value: string;
  label: string;
}

/** What the bulk actions act on: the ticked rows, or every record the filters match. */
export type Selection<T> = { kind: 'rows'; rows: T[] } | { kind: 'filter'; params: ListParams; total: number };

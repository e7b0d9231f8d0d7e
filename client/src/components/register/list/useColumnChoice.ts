import { useState } from 'react';
import { STORAGE_PREFIX } from '@tombo/shared';
import { storage } from '../../../lib/storage';
import type { RegisterColumn } from './types';

type Choice = Record<string, boolean>;
const isChoice = (v: unknown): v is Choice =>
  !!v && typeof v === 'object' && !Array.isArray(v) && Object.values(v).every((x) => typeof x === 'boolean');

/**
 * Which columns the person shows, kept in this browser's storage per register: a column never chosen follows its
 * default (`hidden`), so a custom field added later starts hidden.
 */
export function useColumnChoice<T>(register: string, columns: RegisterColumn<T>[]) {
  const key = `${STORAGE_PREFIX}_colunas_${register}`;
  const [choice, setChoice] = useState<Choice>(() => storage.get(key, isChoice) ?? {});
  const isShown = (c: RegisterColumn<T>) => choice[c.field] ?? !c.hidden;
  const set = (next: Choice) => {
    setChoice(next);
    storage.trySet(key, next);
  };
  return {
    visible: columns.filter(isShown),
    isShown,
    toggle: (field: string, shown: boolean) => set({ ...choice, [field]: shown }),
    reset: () => set({}),
  };
}

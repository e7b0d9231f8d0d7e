import type { FieldValues } from 'react-hook-form';
import type { FormaAquisicao, Local, Sector, TipoBem } from '@tombo/shared';
import { FormSelect, type FormSelectProps } from './FormSelect';

type PickerProps<T extends FieldValues> = Omit<FormSelectProps<T>, 'options' | 'label'> & { label?: string };

const byText = <R,>(list: readonly R[], text: (r: R) => string) =>
  [...list].sort((a, b) => text(a).localeCompare(text(b), 'pt-BR', { sensitivity: 'base' }));

/** The municipality's sectors by name. */
export function SectorPicker<T extends FieldValues>({ sectors, ...props }: PickerProps<T> & { sectors: Sector[] }) {
  const options = byText(sectors, (s) => s.name).map((s) => ({ value: String(s.id), label: s.name }));
  return <FormSelect label="Setor" {...props} options={options} />;
}

/** The places of the chosen sector by name (the page fetches them for that sector). */
export function LocalPicker<T extends FieldValues>({ locais, ...props }: PickerProps<T> & { locais: Local[] }) {
  const options = byText(locais, (l) => l.name).map((l) => ({ value: String(l.id), label: l.name }));
  return <FormSelect label="Local" emptyLabel="Nenhum" {...props} options={options} />;
}

/** Asset types: the active ones, and the record's own even when inactive. */
export function TipoPicker<T extends FieldValues>({
  tipos,
  currentId,
  ...props
}: PickerProps<T> & { tipos: TipoBem[]; currentId?: number | null }) {
  const shown = byText(
    tipos.filter((t) => t.active || t.id === currentId),
    (t) => t.name,
  );
  const options = shown.map((t) => ({ value: String(t.id), label: `${t.name}${t.active ? '' : ' (inativo)'}` }));
  return <FormSelect label="Tipo" {...props} options={options} />;
}

/** Acquisition forms: the active ones, and the record's own even when inactive. */
export function FormaPicker<T extends FieldValues>({
  formas,
  currentId,
  ...props
}: PickerProps<T> & { formas: FormaAquisicao[]; currentId?: number | null }) {
  const shown = byText(
    formas.filter((f) => f.ativo || f.id === currentId),
    (f) => f.nome,
  );
  const options = shown.map((f) => ({ value: String(f.id), label: `${f.nome}${f.ativo ? '' : ' (inativa)'}` }));
  return <FormSelect label="Forma de aquisição" emptyLabel="Não informada" {...props} options={options} />;
}

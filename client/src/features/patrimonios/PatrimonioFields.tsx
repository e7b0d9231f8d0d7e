import { useWatch, type Control, type UseFormSetValue } from 'react-hook-form';
import {
  DESCRICAO_MAX,
  ESTADOS_CONSERVACAO,
  ESTADO_CONSERVACAO_LABELS,
  PATRIMONIO_STATUSES,
  PATRIMONIO_STATUS_LABELS,
  type FormField,
  type FormaAquisicao,
  type Sector,
  type TipoBem,
} from '@tombo/shared';
import {
  CustomFieldInput,
  FormDate,
  FormGrid,
  FormMoney,
  FormSelect,
  FormText,
  FormaPicker,
  LocalPicker,
  SectorPicker,
  TipoPicker,
  fullRow,
} from '../../components/register/form';
import { useLocais } from '../locais';
import type { FormValues } from './formModel';

interface Props {
  control: Control<FormValues>;
  setValue: UseFormSetValue<FormValues>;
  fields: FormField[];
  sectors: Sector[];
  tipos: TipoBem[];
  formas: FormaAquisicao[];
  /** Ids of an edited asset's current type / form, kept in the lists even when inactive. */
  current?: { tipoId: number | null; formaAquisicaoId: number | null };
  showStatus: boolean;
  disabled?: boolean;
}

const estados = ESTADOS_CONSERVACAO.map((s) => ({ value: s, label: ESTADO_CONSERVACAO_LABELS[s] }));
const statuses = PATRIMONIO_STATUSES.map((s) => ({ value: s, label: PATRIMONIO_STATUS_LABELS[s] }));

/** Every input of an asset, in the order of the municipality's field definitions, then the fixed ones. */
export function PatrimonioFields({
  control,
  setValue,
  fields,
  sectors,
  tipos,
  formas,
  current,
  showStatus,
  disabled,
}: Props) {
  const sectorId = useWatch({ control, name: 'sectorId' });
  const locais = useLocais(sectorId ? Number(sectorId) : undefined).data?.locais ?? [];
  const descricaoDef = fields.find((f) => f.key === 'descricao_bem');
  const tipoDef = fields.find((f) => f.key === 'tipo');
  const tipoRequired = !!tipoDef?.required;
  const hasTipos = tipos.some((t) => t.active || t.id === current?.tipoId);
  const common = { control, disabled };

  const descricao = (
    <FormText
      {...common}
      key="descricao_bem"
      name="descricao_bem"
      id="bem-descricao"
      label={descricaoDef?.label ?? 'Descrição do Bem'}
      required
      multiline
      minRows={2}
      maxRows={10}
      help={`O que é o bem: nome, marca, modelo, cor (até ${DESCRICAO_MAX.toLocaleString('pt-BR')} caracteres).`}
      sx={fullRow}
    />
  );
  const tipo = (
    <TipoPicker
      {...common}
      key="tipo"
      name="tipoId"
      id="bem-tipo"
      label={tipoDef?.label ?? 'Tipo'}
      required={tipoRequired}
      emptyLabel={tipoRequired ? undefined : 'Nenhum'}
      tipos={tipos}
      currentId={current?.tipoId}
      help={
        hasTipos
          ? 'Tipo de bem (tabela de Configurações).'
          : 'Nenhum tipo de bem ativo: cadastre em Configurações › Tipos de Bens.'
      }
    />
  );
  const ordered = fields.map((f) => {
    if (f.key === 'descricao_bem') return descricao;
    if (f.key === 'tipo') return tipo;
    if (!f.isCustom) return null;
    return <CustomFieldInput key={f.key} {...common} field={f} idPrefix="bem" />;
  });
  if (!descricaoDef) ordered.unshift(descricao);
  if (!tipoDef) ordered.push(tipo);

  return (
    <FormGrid>
      {ordered}
      <SectorPicker
        {...common}
        name="sectorId"
        id="bem-setor"
        required
        sectors={sectors}
        onValue={() => setValue('localId', '')}
        help="Setor responsável pelo bem; define o código no número."
      />
      <LocalPicker
        {...common}
        name="localId"
        id="bem-local"
        disabled={disabled || !sectorId}
        locais={locais}
        help={sectorId ? 'Onde o bem fica, dentro do setor.' : 'Escolha o setor primeiro.'}
      />
      <FormMoney {...common} name="valor" id="bem-valor" label="Valor de aquisição" required />
      <FormText
        {...common}
        name="quantidade"
        id="bem-quantidade"
        label="Quantidade"
        type="number"
        required
        help="Unidades registradas sob este número."
        slotProps={{ htmlInput: { min: 1, step: 1 } }}
      />
      <FormDate {...common} name="data" id="bem-data" label="Data de aquisição" />
      <FormaPicker
        {...common}
        name="formaAquisicaoId"
        id="bem-forma"
        formas={formas}
        currentId={current?.formaAquisicaoId}
        help="Compra, doação, cessão…"
      />
      <FormSelect
        {...common}
        name="estado"
        id="bem-estado"
        label="Estado de conservação"
        emptyLabel="Não informado"
        options={estados}
      />
      {showStatus && <FormSelect {...common} name="status" id="bem-status" label="Status" options={statuses} />}
      <FormText
        {...common}
        name="observacoes"
        id="bem-observacoes"
        label="Observações"
        multiline
        minRows={2}
        help="Opcional."
        sx={fullRow}
      />
    </FormGrid>
  );
}

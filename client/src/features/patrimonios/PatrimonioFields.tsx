import { Controller, useWatch, type Control, type UseFormSetValue } from 'react-hook-form';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  ESTADOS_CONSERVACAO,
  ESTADO_CONSERVACAO_LABELS,
  PATRIMONIO_STATUSES,
  PATRIMONIO_STATUS_LABELS,
  formatMoneyInput,
  maskDateBR,
  type FormField,
  type FormaAquisicao,
  type Sector,
  type TipoBem,
} from '@tombo/shared';
import { sortByName } from '../sectors';
import { useLocais } from '../locais';
import { byName } from '../catalogs';
import type { FormValues } from './formModel';
import { CustomInput } from './CustomInput';

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

const full = { gridColumn: '1 / -1' } as const;

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
  const locais = sortByName(useLocais(sectorId ? Number(sectorId) : undefined).data?.locais ?? []);
  const tipoOptions = byName(tipos.filter((t) => t.active || t.id === current?.tipoId));
  const formaOptions = byName(formas.filter((f) => f.ativo || f.id === current?.formaAquisicaoId));
  const descricaoDef = fields.find((f) => f.key === 'descricao_bem');
  const tipoDef = fields.find((f) => f.key === 'tipo');
  const tipoRequired = !!tipoDef?.required;

  const descricao = (
    <Controller
      key="descricao_bem"
      control={control}
      name="descricao_bem"
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          id="bem-descricao"
          label={descricaoDef?.label ?? 'Descrição do Bem'}
          required
          multiline
          minRows={2}
          disabled={disabled}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? 'O que é o bem: nome, marca, modelo, cor.'}
          sx={full}
        />
      )}
    />
  );
  const tipo = (
    <Controller
      key="tipo"
      control={control}
      name="tipoId"
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          select
          id="bem-tipo"
          label={tipoDef?.label ?? 'Tipo'}
          required={tipoRequired}
          disabled={disabled}
          error={!!fieldState.error}
          helperText={
            fieldState.error?.message ??
            (tipoOptions.length
              ? 'Tipo de bem (tabela de Configurações).'
              : 'Nenhum tipo de bem ativo: cadastre em Configurações › Tipos de Bens.')
          }
        >
          {!tipoRequired && <MenuItem value="">Nenhum</MenuItem>}
          {tipoOptions.map((t) => (
            <MenuItem key={t.id} value={String(t.id)}>
              {t.name}
              {t.active ? '' : ' (inativo)'}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );

  const ordered = fields.map((f) => {
    if (f.key === 'descricao_bem') return descricao;
    if (f.key === 'tipo') return tipo;
    if (!f.isCustom) return null;
    return <CustomInput key={f.key} control={control} field={f} disabled={disabled} />;
  });
  if (!descricaoDef) ordered.unshift(descricao);
  if (!tipoDef) ordered.push(tipo);

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
      {ordered}
      <Controller
        control={control}
        name="sectorId"
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            select
            id="bem-setor"
            label="Setor"
            required
            disabled={disabled}
            onChange={(e) => {
              field.onChange(e.target.value);
              setValue('localId', '');
            }}
            error={!!fieldState.error}
            helperText={fieldState.error?.message ?? 'Setor responsável pelo bem; define o código no número.'}
          >
            {sortByName(sectors).map((s) => (
              <MenuItem key={s.id} value={String(s.id)}>
                {s.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Controller
        control={control}
        name="localId"
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            select
            id="bem-local"
            label="Local"
            disabled={disabled || !sectorId}
            error={!!fieldState.error}
            helperText={
              fieldState.error?.message ??
              (sectorId ? 'Onde o bem fica, dentro do setor.' : 'Escolha o setor primeiro.')
            }
          >
            <MenuItem value="">Nenhum</MenuItem>
            {locais.map((l) => (
              <MenuItem key={l.id} value={String(l.id)}>
                {l.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Controller
        control={control}
        name="valor"
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            id="bem-valor"
            label="Valor de aquisição"
            required
            disabled={disabled}
            onBlur={() => {
              field.onChange(formatMoneyInput(field.value));
              field.onBlur();
            }}
            error={!!fieldState.error}
            helperText={fieldState.error?.message ?? 'Em reais, com centavos (ex.: 1.234,56).'}
            slotProps={{
              input: { startAdornment: <InputAdornment position="start">R$</InputAdornment> },
              htmlInput: { inputMode: 'decimal' },
            }}
          />
        )}
      />
      <Controller
        control={control}
        name="quantidade"
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            id="bem-quantidade"
            label="Quantidade"
            type="number"
            required
            disabled={disabled}
            error={!!fieldState.error}
            helperText={fieldState.error?.message ?? 'Unidades registradas sob este número.'}
            slotProps={{ htmlInput: { min: 1, step: 1 } }}
          />
        )}
      />
      <Controller
        control={control}
        name="data"
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            id="bem-data"
            label="Data de aquisição"
            placeholder="dd/mm/aaaa"
            disabled={disabled}
            onChange={(e) => field.onChange(maskDateBR(e.target.value))}
            error={!!fieldState.error}
            helperText={fieldState.error?.message ?? 'No formato dd/mm/aaaa.'}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 10 } }}
          />
        )}
      />
      <Controller
        control={control}
        name="formaAquisicaoId"
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            select
            id="bem-forma"
            label="Forma de aquisição"
            disabled={disabled}
            error={!!fieldState.error}
            helperText={fieldState.error?.message ?? 'Compra, doação, cessão…'}
          >
            <MenuItem value="">Não informada</MenuItem>
            {formaOptions.map((f) => (
              <MenuItem key={f.id} value={String(f.id)}>
                {f.nome}
                {f.ativo ? '' : ' (inativa)'}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Controller
        control={control}
        name="estado"
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            select
            id="bem-estado"
            label="Estado de conservação"
            disabled={disabled}
            error={!!fieldState.error}
            helperText={fieldState.error?.message ?? ' '}
          >
            <MenuItem value="">Não informado</MenuItem>
            {ESTADOS_CONSERVACAO.map((s) => (
              <MenuItem key={s} value={s}>
                {ESTADO_CONSERVACAO_LABELS[s]}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      {showStatus && (
        <Controller
          control={control}
          name="status"
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              select
              id="bem-status"
              label="Status"
              disabled={disabled}
              error={!!fieldState.error}
              helperText={fieldState.error?.message ?? ' '}
            >
              {PATRIMONIO_STATUSES.map((s) => (
                <MenuItem key={s} value={s}>
                  {PATRIMONIO_STATUS_LABELS[s]}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      )}
      <Controller
        control={control}
        name="observacoes"
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            id="bem-observacoes"
            label="Observações"
            multiline
            minRows={2}
            disabled={disabled}
            error={!!fieldState.error}
            helperText={fieldState.error?.message ?? 'Opcional.'}
            sx={full}
          />
        )}
      />
    </Box>
  );
}

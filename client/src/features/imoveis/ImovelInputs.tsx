import type { ReactNode } from 'react';
import { Controller, useWatch, type Control, type FieldPath } from 'react-hook-form';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import OpenInNew from '@mui/icons-material/OpenInNew';
import {
  SITUACOES_IMOVEL,
  SITUACAO_IMOVEL_LABELS,
  UTILIZACOES_SUGERIDAS,
  formatMoneyInput,
  maskDateBR,
  type FormaAquisicao,
  type ImovelField,
  type Sector,
} from '@tombo/shared';
import { sortByName } from '../sectors';
import { byName } from '../catalogs';
import { CustomInput } from '../patrimonios';
import type { FormValues } from './formModel';
import { mapUrl } from './labels';

type TextName = Exclude<FieldPath<FormValues>, 'custom' | `custom.${string}`>;
const full = { gridColumn: '1 / -1' } as const;
const grid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } } as const;
const m2 = {
  input: { endAdornment: <InputAdornment position="end">m²</InputAdornment> },
  htmlInput: { inputMode: 'decimal' as const },
};

/** A text input bound to the form; `help` shows when there is no error. */
function Text({
  control,
  name,
  help = ' ',
  transform,
  ...props
}: { control: Control<FormValues>; name: TextName; help?: string; transform?: (s: string) => string } & Omit<
  TextFieldProps,
  'name'
>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...props}
          {...field}
          value={field.value as string}
          onChange={(e) => field.onChange(transform ? transform(e.target.value) : e.target.value)}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? help}
        />
      )}
    />
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mb: 3 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      <Box sx={grid}>{children}</Box>
    </Box>
  );
}

const maskCep = (s: string) => {
  const d = s.replace(/\D/g, '').slice(0, 8);
  return d.length > 5 ? `${d.slice(0, 5)}-${d.slice(5)}` : d;
};

interface Props {
  control: Control<FormValues>;
  fields: ImovelField[];
  sectors: Sector[];
  formas: FormaAquisicao[];
  /** The edited property's acquisition form, kept in the list even when inactive. */
  currentFormaId?: number | null;
  editing: boolean;
  disabled?: boolean;
}

/** Every input of a property, in sections; the custom fields in the order of /imoveis/campos. */
export function ImovelInputs({ control, fields, sectors, formas, currentFormaId, editing, disabled }: Props) {
  const label = (key: string, fallback: string) => fields.find((f) => f.key === key)?.label ?? fallback;
  const [lat, lon] = useWatch({ control, name: ['latitude', 'longitude'] });
  const map = mapUrl(lat.trim().replace(',', '.'), lon.trim().replace(',', '.'));
  const formaOptions = byName(formas.filter((f) => f.ativo || f.id === currentFormaId));
  const custom = fields.filter((f) => f.isCustom);
  const common = { control, disabled };
  return (
    <>
      <Section title="Identificação">
        <Text
          {...common}
          name="numero"
          id="imovel-numero"
          label="Nº Patrimônio"
          help={editing ? 'Único no município.' : 'Deixe em branco para usar a numeração automática.'}
        />
        <Controller
          control={control}
          name="situacao"
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              select
              id="imovel-situacao"
              label="Situação"
              required
              disabled={disabled}
              error={!!fieldState.error}
              helperText={fieldState.error?.message ?? ' '}
            >
              {SITUACOES_IMOVEL.map((s) => (
                <MenuItem key={s} value={s}>
                  {SITUACAO_IMOVEL_LABELS[s]}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Text
          {...common}
          name="denominacao"
          id="imovel-denominacao"
          label={label('denominacao', 'Denominação')}
          required
          help="Como o imóvel é conhecido (ex.: Escola Municipal Castro Alves)."
          sx={full}
        />
        <Controller
          control={control}
          name="utilizacao"
          render={({ field, fieldState }) => (
            <Autocomplete
              freeSolo
              options={UTILIZACOES_SUGERIDAS as readonly string[]}
              inputValue={field.value}
              onInputChange={(_e, v) => field.onChange(v)}
              disabled={disabled}
              renderInput={(params) => (
                <TextField
                  {...params}
                  id="imovel-utilizacao"
                  label="Utilização"
                  onBlur={field.onBlur}
                  error={!!fieldState.error}
                  helperText={fieldState.error?.message ?? 'Escolha uma sugestão ou digite outra.'}
                />
              )}
            />
          )}
        />
        <Controller
          control={control}
          name="sectorId"
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              select
              id="imovel-setor"
              label="Setor responsável"
              disabled={disabled}
              error={!!fieldState.error}
              helperText={fieldState.error?.message ?? ' '}
            >
              <MenuItem value="">Nenhum</MenuItem>
              {sortByName(sectors).map((s) => (
                <MenuItem key={s.id} value={String(s.id)}>
                  {s.name}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      </Section>

      <Section title="Endereço">
        <Text
          {...common}
          name="endereco"
          id="imovel-endereco"
          label={label('endereco', 'Endereço')}
          required
          multiline
          minRows={2}
          help="Logradouro, número e complemento."
          sx={full}
        />
        <Text
          {...common}
          name="cep"
          id="imovel-cep"
          label="CEP"
          placeholder="00000-000"
          transform={maskCep}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 9 } }}
        />
        <Text {...common} name="bairro" id="imovel-bairro" label="Bairro" />
        <Text {...common} name="cidade" id="imovel-cidade" label="Cidade" />
        <Text
          {...common}
          name="uf"
          id="imovel-uf"
          label="UF"
          transform={(s) => s.toUpperCase().slice(0, 2)}
          slotProps={{ htmlInput: { maxLength: 2 } }}
        />
        <Text
          {...common}
          name="latitude"
          id="imovel-latitude"
          label="Latitude"
          placeholder="-23.550520"
          help="Opcional; em graus decimais."
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
        <Text
          {...common}
          name="longitude"
          id="imovel-longitude"
          label="Longitude"
          placeholder="-46.633308"
          help="Opcional; em graus decimais."
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
        {map && (
          <Box sx={full}>
            <Link href={map} target="_blank" rel="noopener noreferrer" sx={{ display: 'inline-flex', gap: 0.5 }}>
              Ver no mapa <OpenInNew fontSize="small" />
            </Link>
          </Box>
        )}
      </Section>

      <Section title="Áreas e aquisição">
        <Text
          {...common}
          name="area_construida"
          id="imovel-area-construida"
          label="Área construída"
          help="Em m² (ex.: 1.250,50)."
          slotProps={m2}
        />
        <Text
          {...common}
          name="area_terreno"
          id="imovel-area-terreno"
          label="Área do terreno"
          help="Em m²."
          slotProps={m2}
        />
        <Controller
          control={control}
          name="formaAquisicaoId"
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              select
              id="imovel-forma"
              label="Forma de aquisição"
              disabled={disabled}
              error={!!fieldState.error}
              helperText={fieldState.error?.message ?? 'Compra, doação, desapropriação…'}
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
        <Text
          {...common}
          name="data"
          id="imovel-data"
          label="Data de aquisição"
          placeholder="dd/mm/aaaa"
          help="No formato dd/mm/aaaa."
          transform={maskDateBR}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 10 } }}
        />
        <Controller
          control={control}
          name="valor"
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              id="imovel-valor"
              label="Valor de aquisição"
              disabled={disabled}
              onBlur={() => {
                if (field.value.trim()) field.onChange(formatMoneyInput(field.value));
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
      </Section>

      {custom.length > 0 && (
        <Section title="Campos personalizados">
          {custom.map((f) => (
            <CustomInput key={f.key} control={control} field={f} disabled={disabled} idPrefix="imovel" />
          ))}
        </Section>
      )}

      <Box sx={{ mb: 1 }}>
        <Text
          {...common}
          name="observacoes"
          id="imovel-observacoes"
          label="Observações"
          multiline
          minRows={2}
          help="Opcional."
          fullWidth
        />
      </Box>
    </>
  );
}

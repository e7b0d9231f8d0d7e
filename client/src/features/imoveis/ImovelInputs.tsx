import { Controller, useWatch, type Control } from 'react-hook-form';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import OpenInNew from '@mui/icons-material/OpenInNew';
import {
  SITUACOES_IMOVEL,
  SITUACAO_IMOVEL_LABELS,
  UTILIZACOES_SUGERIDAS,
  type FormaAquisicao,
  type ImovelField,
  type Sector,
} from '@tombo/shared';
import {
  CustomFields,
  FormDate,
  FormMoney,
  FormSection,
  FormSelect,
  FormText,
  FormaPicker,
  SectorPicker,
  fullRow,
} from '../../components/register/form';
import type { FormValues } from './formModel';
import { mapUrl } from './labels';

const m2 = {
  input: { endAdornment: <InputAdornment position="end">m²</InputAdornment> },
  htmlInput: { inputMode: 'decimal' as const },
};
const decimal = { htmlInput: { inputMode: 'decimal' as const } };
const situacoes = SITUACOES_IMOVEL.map((s) => ({ value: s, label: SITUACAO_IMOVEL_LABELS[s] }));

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

/** "Utilização": a suggestion or any text. */
function UtilizacaoInput({ control, disabled }: { control: Control<FormValues>; disabled?: boolean }) {
  return (
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
              inputRef={field.ref}
              error={!!fieldState.error}
              helperText={fieldState.error?.message ?? 'Escolha uma sugestão ou digite outra.'}
            />
          )}
        />
      )}
    />
  );
}

/** Every input of a property, in sections; the custom fields in the order of /imoveis/campos. */
export function ImovelInputs({ control, fields, sectors, formas, currentFormaId, editing, disabled }: Props) {
  const label = (key: string, fallback: string) => fields.find((f) => f.key === key)?.label ?? fallback;
  const [lat, lon] = useWatch({ control, name: ['latitude', 'longitude'] });
  const map = mapUrl(lat.trim().replace(',', '.'), lon.trim().replace(',', '.'));
  const custom = fields.filter((f) => f.isCustom);
  const common = { control, disabled };
  return (
    <>
      <FormSection title="Identificação">
        <FormText
          {...common}
          name="numero"
          id="imovel-numero"
          label="Nº Patrimônio"
          help={editing ? 'Único no município.' : 'Deixe em branco para usar a numeração automática.'}
        />
        <FormSelect {...common} name="situacao" id="imovel-situacao" label="Situação" required options={situacoes} />
        <FormText
          {...common}
          name="denominacao"
          id="imovel-denominacao"
          label={label('denominacao', 'Denominação')}
          required
          help="Como o imóvel é conhecido (ex.: Escola Municipal Castro Alves)."
          sx={fullRow}
        />
        <UtilizacaoInput {...common} />
        <SectorPicker
          {...common}
          name="sectorId"
          id="imovel-setor"
          label="Setor responsável"
          emptyLabel="Nenhum"
          sectors={sectors}
        />
      </FormSection>

      <FormSection title="Endereço">
        <FormText
          {...common}
          name="endereco"
          id="imovel-endereco"
          label={label('endereco', 'Endereço')}
          required
          multiline
          minRows={2}
          help="Logradouro, número e complemento."
          sx={fullRow}
        />
        <FormText
          {...common}
          name="cep"
          id="imovel-cep"
          label="CEP"
          placeholder="00000-000"
          transform={maskCep}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 9 } }}
        />
        <FormText {...common} name="bairro" id="imovel-bairro" label="Bairro" />
        <FormText {...common} name="cidade" id="imovel-cidade" label="Cidade" />
        <FormText
          {...common}
          name="uf"
          id="imovel-uf"
          label="UF"
          transform={(s) => s.toUpperCase().slice(0, 2)}
          slotProps={{ htmlInput: { maxLength: 2 } }}
        />
        <FormText
          {...common}
          name="latitude"
          id="imovel-latitude"
          label="Latitude"
          placeholder="-23.550520"
          help="Opcional; em graus decimais."
          slotProps={decimal}
        />
        <FormText
          {...common}
          name="longitude"
          id="imovel-longitude"
          label="Longitude"
          placeholder="-46.633308"
          help="Opcional; em graus decimais."
          slotProps={decimal}
        />
        {map && (
          <Box sx={fullRow}>
            <Link href={map} target="_blank" rel="noopener noreferrer" sx={{ display: 'inline-flex', gap: 0.5 }}>
              Ver no mapa <OpenInNew fontSize="small" />
            </Link>
          </Box>
        )}
      </FormSection>

      <FormSection title="Áreas e aquisição">
        <FormText
          {...common}
          name="area_construida"
          id="imovel-area-construida"
          label="Área construída"
          help="Em m² (ex.: 1.250,50)."
          slotProps={m2}
        />
        <FormText
          {...common}
          name="area_terreno"
          id="imovel-area-terreno"
          label="Área do terreno"
          help="Em m²."
          slotProps={m2}
        />
        <FormaPicker
          {...common}
          name="formaAquisicaoId"
          id="imovel-forma"
          formas={formas}
          currentId={currentFormaId}
          help="Compra, doação, desapropriação…"
        />
        <FormDate {...common} name="data" id="imovel-data" label="Data de aquisição" />
        <FormMoney {...common} name="valor" id="imovel-valor" label="Valor de aquisição" />
      </FormSection>

      {custom.length > 0 && (
        <FormSection title="Campos personalizados">
          <CustomFields {...common} fields={custom} idPrefix="imovel" />
        </FormSection>
      )}

      <Box sx={{ mb: 1 }}>
        <FormText
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

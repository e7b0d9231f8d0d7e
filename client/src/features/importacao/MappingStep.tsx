import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  IMPORTACAO_FIELDS,
  IMPORTACAO_FIELD_LABELS,
  IMPORTACAO_REQUIRED,
  type Importacao,
  type ImportacaoMapping,
} from '@tombo/shared';

import { ColumnSelect } from './ColumnSelect';
import { ColumnDestinations } from './ColumnDestinations';
import { CustomFieldsMapping } from './CustomFieldsMapping';

const SEPARATOR_LABEL: Record<string, string> = {
  ';': 'ponto e vírgula (;)',
  ',': 'vírgula (,)',
  '\t': 'tabulação',
  '|': 'barra vertical (|)',
};

/**
 * What was detected in the file, its first rows, and which column fills each of Tombo's fields; with
 * no number column, "Gerar números automaticamente" (each asset numbered by its sector's sequence).
 */
export function MappingStep({
  imp,
  headers,
  preview,
  hasHeader,
  onHasHeader,
  mapping,
  onMapping,
  generateNumbers,
  onGenerateNumbers,
  atualizar,
  onAtualizar,
  errors,
}: {
  atualizar: boolean;
  onAtualizar: (v: boolean) => void;
  imp: Importacao;
  headers: string[];
  preview: string[][];
  hasHeader: boolean;
  onHasHeader: (v: boolean) => void;
  mapping: ImportacaoMapping;
  onMapping: (m: ImportacaoMapping) => void;
  generateNumbers: boolean;
  onGenerateNumbers: (v: boolean) => void;
  errors: Record<string, string>;
}) {
  const generated = generateNumbers && mapping.numero == null;
  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }} aria-label="Formato detectado" role="group">
        <Chip label={`Arquivo: ${imp.format.toUpperCase()}`} />
        {imp.encoding && (
          <Chip
            label={`Codificação: ${imp.encoding === 'ISO-8859-1' ? 'Latin-1 (ISO-8859-1)' : imp.encoding}`}
            data-testid="importacao-encoding"
          />
        )}
        {imp.separator && (
          <Chip
            label={`Separador: ${SEPARATOR_LABEL[imp.separator] ?? imp.separator}`}
            data-testid="importacao-separator"
          />
        )}
        <Chip label={`${headers.length} colunas`} />
      </Box>
      <FormControlLabel
        control={<Checkbox checked={hasHeader} onChange={(e) => onHasHeader(e.target.checked)} />}
        label="A primeira linha tem os nomes das colunas"
      />
      <Typography variant="h3" sx={{ mt: 2, mb: 1 }}>
        Primeiras linhas
      </Typography>
      <TableContainer sx={{ maxHeight: 280, border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Table size="small" stickyHeader aria-label="Prévia do arquivo">
          <TableHead>
            <TableRow>
              {headers.map((h, i) => (
                <TableCell key={i} sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                  {h || `Coluna ${i + 1}`}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {preview.map((row, r) => (
              <TableRow key={r}>
                {headers.map((_, i) => (
                  <TableCell key={i} sx={{ whiteSpace: 'pre-line', maxWidth: 280, verticalAlign: 'top' }}>
                    {row[i] ?? ''}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Typography variant="h3" sx={{ mt: 3, mb: 1 }}>
        Colunas do arquivo para os campos do Tombo
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {generated
          ? 'Cada bem recebe o próximo número da numeração do seu setor, como num cadastro novo.'
          : 'Os números de patrimônio (tombamentos) são mantidos exatamente como estão no arquivo.'}
      </Typography>
      {mapping.numero == null && (
        <FormControlLabel
          sx={{ mb: 1 }}
          control={
            <Checkbox
              checked={generateNumbers}
              onChange={(e) => onGenerateNumbers(e.target.checked)}
              slotProps={{ input: { 'aria-describedby': 'gerar-numeros-ajuda' } }}
            />
          }
          label="Gerar números automaticamente"
        />
      )}
      {mapping.numero == null && (
        <Typography id="gerar-numeros-ajuda" variant="caption" color="text.secondary" display="block" sx={{ mb: 2 }}>
          Nenhuma coluna foi escolhida para o número de patrimônio.
        </Typography>
      )}
      <Grid container spacing={2}>
        {IMPORTACAO_FIELDS.map((f) => {
          const required = IMPORTACAO_REQUIRED.includes(f) && !(f === 'numero' && generated);
          const error = errors[`mapping.${f}`];
          return (
            <ColumnSelect
              key={f}
              label={IMPORTACAO_FIELD_LABELS[f] + (required ? ' *' : '')}
              headers={headers}
              column={mapping[f]}
              onColumn={(col) => {
                onMapping({ ...mapping, [f]: col });
                if (f === 'numero') onGenerateNumbers(col == null);
              }}
              error={error}
              testId={`map-${f}`}
            />
          );
        })}
      </Grid>
      <CustomFieldsMapping
        importacaoId={imp.id}
        headers={headers}
        mapping={mapping}
        onMapping={onMapping}
        errors={errors}
      />
      {!generated && (
        <FormControlLabel
          sx={{ mt: 2 }}
          control={
            <Checkbox
              checked={atualizar}
              onChange={(e) => onAtualizar(e.target.checked)}
              slotProps={{ input: { 'aria-describedby': 'atualizar-ajuda' } }}
            />
          }
          label="Atualizar os bens cujo número de patrimônio já existe no cadastro"
        />
      )}
      {!generated && (
        <Typography id="atualizar-ajuda" variant="caption" color="text.secondary" display="block">
          Sem esta opção, um número que já existe é recusado. Com ela, a análise mostra o que muda em cada bem antes de
          você confirmar.
        </Typography>
      )}
      <ColumnDestinations headers={headers} mapping={mapping} onMapping={onMapping} />
    </Box>
  );
}

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
import { CustomFieldsMapping } from './CustomFieldsMapping';

const SEPARATOR_LABEL: Record<string, string> = {
  ';': 'ponto e vírgula (;)',
  ',': 'vírgula (,)',
  '\t': 'tabulação',
  '|': 'barra vertical (|)',
};

/** What was detected in the file, its first rows, and which column fills each of Tombo's fields. */
export function MappingStep({
  imp,
  headers,
  preview,
  hasHeader,
  onHasHeader,
  mapping,
  onMapping,
  errors,
}: {
  imp: Importacao;
  headers: string[];
  preview: string[][];
  hasHeader: boolean;
  onHasHeader: (v: boolean) => void;
  mapping: ImportacaoMapping;
  onMapping: (m: ImportacaoMapping) => void;
  errors: Record<string, string>;
}) {
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
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Os números de patrimônio (tombamentos) são mantidos exatamente como estão no arquivo.
      </Typography>
      <Grid container spacing={2}>
        {IMPORTACAO_FIELDS.map((f) => {
          const required = IMPORTACAO_REQUIRED.includes(f);
          const error = errors[`mapping.${f}`];
          return (
            <ColumnSelect
              key={f}
              label={IMPORTACAO_FIELD_LABELS[f] + (required ? ' *' : '')}
              headers={headers}
              column={mapping[f]}
              onColumn={(col) => onMapping({ ...mapping, [f]: col })}
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
    </Box>
  );
}

import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import UploadFile from '@mui/icons-material/UploadFile';
import { formatDecimal, type Conciliacao } from '@tombo/shared';
import { useApiMutation } from '../../lib/useApiMutation';
import { competenciaBR } from '../depreciacao';
import { postConciliacao } from './api';

const num = { textAlign: 'right', whiteSpace: 'nowrap' } as const;

/**
 * The reconciliation (diferença contábil): the accounting system's balance per account for the month, uploaded as
 * CSV `conta;saldo`, against the ledger's; each account with a difference is marked.
 */
export function ConciliacaoSection({ competencia }: { competencia: string }) {
  const [arquivo, setArquivo] = useState<File | null>(null);
  const conciliar = useApiMutation({
    mutationFn: (file: File) => postConciliacao(competencia, file),
    failure: 'Não foi possível conciliar os saldos.',
  });
  const r = conciliar.data?.competencia === competencia ? conciliar.data : null;
  return (
    <Box component="section" aria-labelledby="conciliacao-titulo" sx={{ mt: 3 }}>
      <Typography id="conciliacao-titulo" component="h2" variant="h6">
        Conciliação com a contabilidade
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        Envie os saldos do sistema contábil em {competenciaBR(competencia)}: um CSV com uma linha por conta,
        &quot;conta;saldo&quot; (ex.: 1.2.3.1.1.02;12.345,67 — os redutores com C ou sinal negativo).
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 2 }}>
        <Button component="label" variant="outlined" startIcon={<UploadFile />}>
          {arquivo ? arquivo.name : 'Escolher arquivo de saldos'}
          <input
            hidden
            type="file"
            accept=".csv,text/csv,text/plain"
            aria-label="Arquivo de saldos da contabilidade"
            onChange={(e) => setArquivo(e.target.files?.[0] ?? null)}
          />
        </Button>
        <Button
          variant="contained"
          disabled={!arquivo || conciliar.isPending}
          onClick={() => arquivo && conciliar.mutate(arquivo)}
        >
          Conciliar
        </Button>
      </Box>
      {r && <Resultado r={r} />}
    </Box>
  );
}

function Resultado({ r }: { r: Conciliacao }) {
  const diferentes = r.diferencas.filter((d) => Number(d.diferenca) !== 0).length;
  return (
    <>
      <Alert severity={diferentes ? 'warning' : 'success'} sx={{ mb: 2 }} role="status">
        {diferentes
          ? `${diferentes} ${diferentes === 1 ? 'conta com diferença' : 'contas com diferença'} em ${competenciaBR(r.competencia)}.`
          : `Nenhuma diferença em ${competenciaBR(r.competencia)}: os saldos conferem.`}
      </Alert>
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label={`Conciliação de ${competenciaBR(r.competencia)}`}>
          <TableHead>
            <TableRow>
              <TableCell>Conta</TableCell>
              <TableCell sx={num}>Tombo</TableCell>
              <TableCell sx={num}>Contabilidade</TableCell>
              <TableCell sx={num}>Diferença</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {r.diferencas.map((d) => {
              const difere = Number(d.diferenca) !== 0;
              return (
                <TableRow key={d.conta.id} hover selected={difere}>
                  <TableCell>
                    {d.conta.codigo} — {d.conta.nome}
                    {difere && (
                      <>
                        <Chip size="small" color="warning" label="Diferença" sx={{ ml: 1 }} />
                        <Link
                          component={RouterLink}
                          to={`/contabilidade?conta=${d.conta.id}`}
                          sx={{ ml: 1, whiteSpace: 'nowrap' }}
                          aria-label={`Ver os lançamentos da conta ${d.conta.codigo}`}
                        >
                          Ver lançamentos
                        </Link>
                      </>
                    )}
                  </TableCell>
                  <TableCell sx={num}>{formatDecimal(d.tombo, 2)}</TableCell>
                  <TableCell sx={num}>{formatDecimal(d.contabilidade, 2)}</TableCell>
                  <TableCell sx={{ ...num, fontWeight: difere ? 700 : undefined }}>
                    {formatDecimal(d.diferenca, 2)}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}

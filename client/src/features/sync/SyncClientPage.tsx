import { useEffect, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CloudSyncOutlined from '@mui/icons-material/CloudSyncOutlined';
import Close from '@mui/icons-material/Close';
import Search from '@mui/icons-material/Search';
import { formatDateTime, formatInteger } from '@tombo/shared';
import { PageHeader } from '../../components/PageHeader';
import type { PageProps } from '../../lib/feature';
import { cancelSync, currentStore, loadSyncInfo, startSync, useSyncState } from './controller';
import type { OfflineAsset } from './store';

const STATUS_TEXT = {
  idle: 'Pronto para sincronizar.',
  syncing: 'Sincronizando…',
  success: 'Última sincronização concluída.',
  failure: 'A última sincronização falhou.',
} as const;

function Fact({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Box sx={{ flex: '1 1 200px' }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h6" component="p" data-testid={testId}>
        {value}
      </Typography>
    </Box>
  );
}

/** Looks a number up in the device's copy (works without a connection). */
function OfflineLookup() {
  const [numero, setNumero] = useState('');
  const [result, setResult] = useState<OfflineAsset | null | undefined>(undefined);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!numero.trim()) return;
    const store = await currentStore();
    setResult(store ? await store.lookup(numero) : null);
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h2" sx={{ fontSize: 18, mb: 1.5 }}>
        Consultar bem neste dispositivo
      </Typography>
      <Box component="form" onSubmit={submit} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <TextField
          size="small"
          label="Número do patrimônio"
          value={numero}
          onChange={(e) => setNumero(e.target.value)}
          sx={{ flex: '1 1 220px' }}
          slotProps={{ htmlInput: { 'aria-label': 'Número do patrimônio', maxLength: 60 } }}
        />
        <Button type="submit" variant="outlined" startIcon={<Search />}>
          Consultar
        </Button>
      </Box>
      {result === null && (
        <Alert severity="warning" sx={{ mt: 2 }} data-testid="offline-lookup-result">
          Bem não encontrado neste dispositivo.
        </Alert>
      )}
      {result && (
        <Box sx={{ mt: 2 }} data-testid="offline-lookup-result">
          <Typography sx={{ fontWeight: 600 }}>
            {result.numero_patrimonio} — {result.descricao_bem}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {result.setor_responsavel}
            {result.local_objeto ? ` · ${result.local_objeto}` : ''}
          </Typography>
        </Box>
      )}
    </Paper>
  );
}

/** /ferramentas/sync-client: keeps the municipality's assets on this device for offline look-ups (spec §4 Sync). */
export default function SyncClientPage({ title }: PageProps) {
  const { status, loaded, total, count, lastSync, elsewhere } = useSyncState();
  useEffect(() => {
    void loadSyncInfo();
  }, []);
  const syncing = status === 'syncing';
  const percent = total ? Math.min(100, Math.round((loaded / total) * 100)) : 0;

  return (
    <>
      <PageHeader
        title={title}
        subtitle="Guarda os bens do município neste navegador para consulta sem conexão, como na contagem de um inventário."
      />
      <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 }}>
          <Fact label="Bens neste dispositivo" value={formatInteger(count)} testId="sync-count" />
          <Fact
            label="Última sincronização"
            value={lastSync ? formatDateTime(lastSync) : 'Nunca sincronizado'}
            testId="sync-last"
          />
        </Box>
        <Typography variant="body2" color="text.secondary" aria-live="polite" data-testid="sync-status">
          {STATUS_TEXT[status]}
        </Typography>
        {elsewhere && !syncing && (
          <Alert severity="info" sx={{ mt: 2 }}>
            Uma sincronização está em andamento em outra aba.
          </Alert>
        )}
        {syncing && (
          <Box sx={{ mt: 2 }}>
            <LinearProgress
              variant={total ? 'determinate' : 'indeterminate'}
              value={percent}
              sx={{ height: 8, borderRadius: 4 }}
              aria-label="Progresso da sincronização"
            />
            <Typography variant="body2" sx={{ mt: 1 }} data-testid="sync-progress">
              {formatInteger(loaded)}
              {total ? ` de ${formatInteger(total)} bens (${percent}%)` : ' bens'}
            </Typography>
          </Box>
        )}
        <Box sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap' }}>
          <Button
            variant="contained"
            startIcon={<CloudSyncOutlined />}
            onClick={() => void startSync()}
            disabled={syncing || elsewhere}
          >
            Sincronizar agora
          </Button>
          {syncing && (
            <Button variant="outlined" color="inherit" startIcon={<Close />} onClick={cancelSync}>
              Cancelar
            </Button>
          )}
        </Box>
      </Paper>
      <OfflineLookup />
    </>
  );
}

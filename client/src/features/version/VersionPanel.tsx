import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { VERSION_MSG, compareVersions, formatDate, formatDateTime, type VersionInfo } from '@tombo/shared';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ContentSpinner } from '../../components/FullScreenSpinner';
import { LoadError } from '../../components/LoadError';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { cancelRollback, fetchVersion, scheduleRollback, versionKeys } from './api';
import { UpdateInstructions } from './UpdateInstructions';

/** The version manager's data (superuser, admin). */
export function useVersionInfo(enabled = true) {
  return useQuery({ queryKey: versionKeys.info, queryFn: fetchVersion, enabled, staleTime: 60_000 });
}

const Section = ({ title, children }: { title: string; children: React.ReactNode }) => (
  <Box component="section" aria-label={title}>
    <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
      {title}
    </Typography>
    {children}
  </Box>
);

/** The content of 'Gerenciador de Versão' (spec §2.7): current version, history, rollback, update. */
export function VersionPanel() {
  const { data, isPending, isError, refetch } = useVersionInfo();
  if (isPending) return <ContentSpinner />;
  if (isError) return <LoadError message="Falha ao carregar a versão." onRetry={() => void refetch()} />;
  return <Panel v={data} />;
}

function Panel({ v }: { v: VersionInfo }) {
  const qc = useQueryClient();
  const superuser = useSession((s) => s.user?.role === 'superuser');
  const [confirm, setConfirm] = useState(false);
  const [instructions, setInstructions] = useState(false);
  const lastUpgrade = v.upgrades[0];
  const revertible =
    lastUpgrade && lastUpgrade.toVersion === v.version && lastUpgrade.fromVersion && lastUpgrade.backupFile;
  const own = v.changelog.filter((c) => c.source === 'tombo');
  const newest = [v.latest?.version, ...own.map((c) => c.version)]
    .filter((x): x is string => !!x)
    .sort((a, b) => compareVersions(b, a))[0];
  const rollback = useMutation({
    mutationFn: () => scheduleRollback(lastUpgrade!.id),
    onSuccess: () => {
      setConfirm(false);
      toast.info(VERSION_MSG.rollbackScheduled(lastUpgrade!.fromVersion!));
      void qc.invalidateQueries({ queryKey: versionKeys.info });
    },
    onError: (e) => toast.fromError(e),
  });
  const cancel = useMutation({
    mutationFn: cancelRollback,
    onSuccess: () => void qc.invalidateQueries({ queryKey: versionKeys.info }),
    onError: (e) => toast.fromError(e),
  });
  return (
    <Stack spacing={3} divider={<Divider flexItem />}>
      <Section title={VERSION_MSG.current}>
        <Typography variant="h5" component="p" data-testid="current-version">
          v{v.version}
        </Typography>
        <Typography variant="body2" color={v.latest ? 'warning.main' : 'text.secondary'}>
          {v.latest ? VERSION_MSG.available(v.latest.version) : VERSION_MSG.upToDate}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          Esquema do banco: {v.schemaVersion}
          {v.feed.configured ? '' : ' · Nenhum canal de versões configurado (RELEASE_FEED_URL ou RELEASE_FEED_FILE).'}
        </Typography>
        {v.feed.error && <Alert severity="warning">{v.feed.error}</Alert>}
      </Section>
      {v.pendingRollback && (
        <Alert
          severity="warning"
          action={
            superuser && (
              <Button color="inherit" size="small" onClick={() => cancel.mutate()} disabled={cancel.isPending}>
                Cancelar
              </Button>
            )
          }
        >
          {VERSION_MSG.rollbackScheduled(v.pendingRollback.toVersion)}
          <Box component="pre" sx={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit', m: 0, mt: 1 }}>
            {v.pendingRollback.instructions}
          </Box>
        </Alert>
      )}
      <Section title={VERSION_MSG.history}>
        <Stack spacing={1.5}>
          {v.changelog.map((c) => (
            <Box key={`${c.source}-${c.version}`}>
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography variant="subtitle2">v{c.version}</Typography>
                {c.releaseDate && (
                  <Typography variant="caption" color="text.secondary">
                    {formatDate(c.releaseDate)}
                  </Typography>
                )}
                {c.version === newest && c.source === 'tombo' && (
                  <Chip size="small" color="primary" label={VERSION_MSG.latestBadge} />
                )}
                {c.version === v.version && c.source === 'tombo' && (
                  <Chip size="small" color="success" label={VERSION_MSG.currentBadge} />
                )}
              </Box>
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {c.changelog.map((line) => (
                  <Typography component="li" variant="body2" key={line}>
                    {line}
                  </Typography>
                ))}
              </Box>
            </Box>
          ))}
        </Stack>
      </Section>
      <Section title="Atualizações desta instalação">
        {v.upgrades.length === 0 ? (
          <Typography variant="body2">Nenhuma registrada.</Typography>
        ) : (
          <Stack spacing={0.5}>
            {v.upgrades.map((u) => (
              <Typography key={u.id} variant="body2">
                {formatDateTime(u.at)} — {u.fromVersion ? `v${u.fromVersion} → ` : 'instalação: '}v{u.toVersion}
                {u.backupFile ? ` (backup: ${u.backupFile})` : ''}
              </Typography>
            ))}
          </Stack>
        )}
      </Section>
      {superuser && (
        <Section title={VERSION_MSG.revertTitle}>
          {revertible && !v.pendingRollback ? (
            <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
              <Typography variant="body2">v{lastUpgrade.fromVersion}</Typography>
              <Button variant="outlined" color="warning" onClick={() => setConfirm(true)}>
                {VERSION_MSG.revert}
              </Button>
            </Box>
          ) : (
            <Typography variant="body2" color="text.secondary">
              {v.pendingRollback ? 'Reversão já agendada.' : VERSION_MSG.noBackup}
            </Typography>
          )}
          {v.rollbacks.length > 0 && (
            <Stack spacing={0.5} sx={{ mt: 1 }}>
              {v.rollbacks.map((r) => (
                <Typography key={r.id} variant="body2" color={r.status === 'success' ? 'success.main' : 'error.main'}>
                  {formatDateTime(r.timestamp)} —{' '}
                  {r.status === 'success' ? VERSION_MSG.rollbackOk(r.toVersion) : VERSION_MSG.rollbackFail(r.toVersion)}
                </Typography>
              ))}
            </Stack>
          )}
        </Section>
      )}
      <Box>
        <Button fullWidth variant="contained" disabled={!v.latest} onClick={() => setInstructions(true)}>
          {v.latest ? VERSION_MSG.updateTo(v.latest.version) : VERSION_MSG.latestInstalled}
        </Button>
      </Box>
      {confirm && lastUpgrade?.fromVersion && (
        <ConfirmDialog
          open
          title={VERSION_MSG.revertConfirm(lastUpgrade.fromVersion)}
          message={VERSION_MSG.revertConfirmText}
          busy={rollback.isPending}
          destructive
          onConfirm={() => rollback.mutate()}
          onClose={() => setConfirm(false)}
        />
      )}
      {instructions && v.latest && <UpdateInstructions release={v.latest} onClose={() => setInstructions(false)} />}
    </Stack>
  );
}

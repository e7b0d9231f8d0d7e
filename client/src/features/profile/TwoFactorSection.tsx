import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MSG, SECURITY_MSG, formatDate, type TwoFactorSetup } from '@tombo/shared';
import { errorMessage } from '../../lib/http';
import { toast } from '../../lib/toast';
import { PasswordField } from '../../components/PasswordField';
import { RecoveryCodes, SecretDisplay } from '../auth';
import { disableTwoFactor, enableTwoFactor, fetchTwoFactor, regenerateCodes, startSetup } from './api';
import { profileKeys } from './keys';

type Ask = 'disable' | 'regenerate' | null;

/** /perfil: the own two-step sign-in (enable with a QR and a code, recovery codes, disable). */
export function TwoFactorSection() {
  const qc = useQueryClient();
  const status = useQuery({ queryKey: profileKeys.twoFactor, queryFn: fetchTwoFactor });
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const [ask, setAsk] = useState<Ask>(null);
  const [password, setPassword] = useState('');
  const refresh = () => void qc.invalidateQueries({ queryKey: profileKeys.twoFactor });
  const fail = (err: unknown) => toast.error(errorMessage(err, MSG.http.internal));

  const begin = useMutation({ mutationFn: startSetup, onSuccess: setSetup, onError: fail });
  const enable = useMutation({
    mutationFn: () => enableTwoFactor(code),
    onSuccess: (r) => {
      setCodes(r.recoveryCodes);
      setSetup(null);
      setCode('');
      refresh();
      toast.success(SECURITY_MSG.twoFactorEnabled, MSG.success);
    },
    onError: fail,
  });
  const confirm = useMutation({
    mutationFn: async () => {
      if (ask === 'disable') {
        await disableTwoFactor(password);
        return null;
      }
      return (await regenerateCodes(password)).recoveryCodes;
    },
    onSuccess: (r) => {
      toast.success(r ? SECURITY_MSG.recoveryRegenerated : SECURITY_MSG.twoFactorDisabled, MSG.success);
      setCodes(r);
      setAsk(null);
      setPassword('');
      refresh();
    },
    onError: fail,
  });

  const s = status.data;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h2" component="h2" id="two-factor-title">
          Verificação em duas etapas
        </Typography>
        {s && (
          <Chip size="small" color={s.enabled ? 'success' : 'default'} label={s.enabled ? 'Ativada' : 'Desativada'} />
        )}
      </Box>
      <Typography variant="body2" color="text.secondary">
        Além da senha, o acesso pede um código do aplicativo autenticador do seu celular.
      </Typography>
      {s?.required && !s.enabled && (
        <Alert severity="warning" sx={{ mt: 2 }}>
          O seu município exige verificação em duas etapas para administradores.
        </Alert>
      )}
      {codes && (
        <Box sx={{ mt: 2 }}>
          <RecoveryCodes codes={codes} />
          <Button onClick={() => setCodes(null)}>Já guardei os códigos</Button>
        </Box>
      )}
      {s && !s.enabled && !setup && (
        <Button variant="contained" sx={{ mt: 2 }} onClick={() => begin.mutate()} disabled={begin.isPending}>
          Ativar verificação em duas etapas
        </Button>
      )}
      {setup && (
        <Box
          component="form"
          noValidate
          aria-labelledby="two-factor-title"
          onSubmit={(e) => {
            e.preventDefault();
            if (code.trim()) enable.mutate();
          }}
        >
          <Typography variant="body2" sx={{ mt: 2 }}>
            1. Escaneie o QR code com um aplicativo autenticador. 2. Informe o código de 6 dígitos gerado.
          </Typography>
          <SecretDisplay setup={setup} />
          <TextField
            id="profile-2fa-code"
            label="Código de verificação"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            autoComplete="one-time-code"
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 7 } }}
            sx={{ mr: 1 }}
          />
          <Box sx={{ mt: 1, display: 'flex', gap: 1 }}>
            <Button type="submit" variant="contained" disabled={enable.isPending}>
              {enable.isPending ? 'Confirmando...' : 'Confirmar e ativar'}
            </Button>
            <Button onClick={() => setSetup(null)}>Cancelar</Button>
          </Box>
        </Box>
      )}
      {s?.enabled && (
        <Box sx={{ mt: 2 }}>
          <Typography variant="body2">
            Ativada em {s.enabledAt ? formatDate(s.enabledAt) : '—'} · {s.recoveryCodesLeft} código(s) de recuperação
            disponível(is)
          </Typography>
          <Box sx={{ mt: 2, display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button variant="outlined" onClick={() => setAsk('regenerate')}>
              Gerar novos códigos de recuperação
            </Button>
            {!s.required && (
              <Button color="error" variant="outlined" onClick={() => setAsk('disable')}>
                Desativar
              </Button>
            )}
          </Box>
        </Box>
      )}
      <Dialog open={ask != null} onClose={() => setAsk(null)} fullWidth maxWidth="xs">
        <Box
          component="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (password) confirm.mutate();
          }}
        >
          <DialogTitle>
            {ask === 'disable' ? 'Desativar verificação em duas etapas' : 'Gerar novos códigos de recuperação'}
          </DialogTitle>
          <DialogContent>
            <Typography variant="body2" color="text.secondary">
              {ask === 'disable'
                ? 'Confirme com a sua senha. O acesso voltará a pedir apenas e-mail e senha.'
                : 'Confirme com a sua senha. Os códigos atuais deixarão de valer.'}
            </Typography>
            <PasswordField
              id="two-factor-password"
              label="Senha atual"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              autoComplete="current-password"
              fullWidth
              margin="normal"
              autoFocus
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setAsk(null)}>Cancelar</Button>
            <Button
              type="submit"
              variant="contained"
              color={ask === 'disable' ? 'error' : 'primary'}
              disabled={confirm.isPending}
            >
              {ask === 'disable' ? 'Desativar' : 'Gerar códigos'}
            </Button>
          </DialogActions>
        </Box>
      </Dialog>
    </Paper>
  );
}

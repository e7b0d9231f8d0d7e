import { useEffect, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MSG, SECURITY_MSG, type LoginResponse, type TwoFactorChallenge, type TwoFactorSetup } from '@tombo/shared';
import { errorMessage } from '../../lib/http';
import { toast } from '../../lib/toast';
import { enrolConfirm, enrolSetup, verifyTwoFactor } from './api';
import { RecoveryCodes } from './RecoveryCodes';

interface Props {
  challenge: TwoFactorChallenge;
  onSignedIn: (res: LoginResponse) => void;
  onCancel: () => void;
}

/** The secret as a QR code and as text to type into an authenticator app. */
export function SecretDisplay({ setup }: { setup: TwoFactorSetup }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 2, alignItems: 'center', my: 2 }}>
      <Box
        component="img"
        src={setup.qrCode}
        alt="QR code para o aplicativo autenticador"
        sx={{ width: 180, height: 180, bgcolor: '#fff', p: 1, borderRadius: 1 }}
      />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" color="text.secondary">
          Ou digite a chave no aplicativo:
        </Typography>
        <Typography
          data-testid="totp-secret"
          sx={{ fontFamily: 'monospace', fontSize: '1rem', wordBreak: 'break-all', userSelect: 'all' }}
        >
          {setup.secret}
        </Typography>
      </Box>
    </Box>
  );
}

/**
 * The second step of a sign-in: a code of the authenticator app (or a recovery code); or, when the
 * municipality requires 2FA of an admin who has none, its enrolment (QR, code, recovery codes).
 */
export function TwoFactorStep({ challenge, onSignedIn, onCancel }: Props) {
  const enrol = challenge.twoFactor === 'enrol';
  const [useRecovery, setUseRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [done, setDone] = useState<(LoginResponse & { recoveryCodes: string[] }) | null>(null);

  const start = useMutation({
    mutationFn: () => enrolSetup(challenge.challengeToken),
    onSuccess: setSetup,
    onError: (err) => toast.error(errorMessage(err, MSG.loginFailed)),
  });
  useEffect(() => {
    if (enrol && !setup && start.isIdle) start.mutate();
  }, [enrol, setup, start]);

  const submit = useMutation({
    mutationFn: async () => {
      if (enrol) return enrolConfirm(challenge.challengeToken, value);
      return verifyTwoFactor(challenge.challengeToken, useRecovery ? { recoveryCode: value } : { code: value });
    },
    onSuccess: (res) => {
      if ('recoveryCodes' in res) setDone(res as LoginResponse & { recoveryCodes: string[] });
      else onSignedIn(res);
    },
    onError: (err) => {
      setValue('');
      toast.error(errorMessage(err, SECURITY_MSG.codeWrong));
    },
  });

  if (done)
    return (
      <Box>
        <Typography variant="h2" component="h2" sx={{ mb: 2 }}>
          Verificação em duas etapas ativada
        </Typography>
        <RecoveryCodes codes={done.recoveryCodes} />
        <Button fullWidth variant="contained" size="large" sx={{ mt: 2 }} onClick={() => onSignedIn(done)}>
          Continuar
        </Button>
      </Box>
    );

  const label = useRecovery ? 'Código de recuperação' : 'Código de verificação';
  return (
    <Box
      component="form"
      noValidate
      aria-label="Verificação em duas etapas"
      onSubmit={(e) => {
        e.preventDefault();
        if (value.trim()) submit.mutate();
      }}
    >
      <Typography variant="h2" component="h2" sx={{ mb: 1 }}>
        Verificação em duas etapas
      </Typography>
      {enrol ? (
        <>
          <Typography variant="body2" color="text.secondary">
            Este município exige verificação em duas etapas para administradores. Escaneie o QR code com um aplicativo
            autenticador (Google Authenticator, Microsoft Authenticator, FreeOTP…) e informe o código gerado.
          </Typography>
          {setup && <SecretDisplay setup={setup} />}
        </>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {useRecovery
            ? 'Informe um dos seus códigos de recuperação. Cada código vale uma única vez.'
            : 'Abra o aplicativo autenticador e informe o código de 6 dígitos.'}
        </Typography>
      )}
      <TextField
        id="login-2fa-code"
        label={label}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        autoComplete="one-time-code"
        autoFocus
        fullWidth
        margin="normal"
        slotProps={{ htmlInput: useRecovery ? { autoCapitalize: 'none' } : { inputMode: 'numeric', maxLength: 7 } }}
      />
      <Button type="submit" fullWidth size="large" variant="contained" disabled={submit.isPending} sx={{ mt: 2 }}>
        {submit.isPending ? 'Verificando...' : 'Verificar'}
      </Button>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 2, gap: 1, flexWrap: 'wrap' }}>
        {!enrol && (
          <Link
            component="button"
            type="button"
            variant="body2"
            onClick={() => {
              setUseRecovery((v) => !v);
              setValue('');
            }}
          >
            {useRecovery ? 'Usar o aplicativo autenticador' : 'Usar um código de recuperação'}
          </Link>
        )}
        <Link component="button" type="button" variant="body2" onClick={onCancel}>
          Voltar
        </Link>
      </Box>
    </Box>
  );
}

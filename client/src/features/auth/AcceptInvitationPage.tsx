import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { MSG, formatDateTime } from '@tombo/shared';
import { errorMessage } from '../../lib/http';
import { AuthScreen } from './AuthScreen';
import { SetPasswordForm } from './SetPasswordForm';
import { acceptInvitation, fetchInvitation } from './api';
import { BackToLogin } from './ResetPasswordPage';

/** /criar-senha/:token: the invited person creates their own password (the link is single-use and expires). */
export default function AcceptInvitationPage() {
  const { token = '' } = useParams();
  const invitation = useQuery({
    queryKey: ['auth', 'invitation', token],
    queryFn: () => fetchInvitation(token),
    retry: false,
    staleTime: Infinity,
  });
  const info = invitation.data;
  return (
    <AuthScreen heading="Criar sua senha">
      {invitation.isPending ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 3 }}>
          <CircularProgress aria-label="Carregando convite" />
        </Box>
      ) : invitation.isError ? (
        <Alert severity="error" role="alert">
          {errorMessage(invitation.error, MSG.auth.invitationInvalid)}
        </Alert>
      ) : (
        <SetPasswordForm
          submit={(password) => acceptInvitation(token, password)}
          submitLabel="Criar senha"
          failure={MSG.auth.invitationInvalid}
          intro={
            info && (
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                Olá, <strong>{info.name}</strong>. Crie a senha com que você entrará no Tombo
                {info.municipalityName ? ` de ${info.municipalityName}` : ''} usando o e-mail{' '}
                <strong>{info.email}</strong>. Este convite vale até {formatDateTime(info.expiresAt)}.
              </Typography>
            )
          }
        />
      )}
      <BackToLogin />
    </AuthScreen>
  );
}

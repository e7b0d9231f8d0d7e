import { Link as RouterLink, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { MSG } from '@tombo/shared';
import { AuthScreen } from './AuthScreen';
import { SetPasswordForm } from './SetPasswordForm';
import { resetPassword } from './api';

/** /redefinir-senha/:token: a new password from the "forgot password" mail's link. */
export default function ResetPasswordPage() {
  const { token = '' } = useParams();
  return (
    <AuthScreen heading="Redefinir senha">
      <SetPasswordForm
        submit={(password) => resetPassword(token, password)}
        submitLabel="Redefinir senha"
        failure={MSG.auth.resetInvalid}
      />
      <BackToLogin />
    </AuthScreen>
  );
}

/** The link under a password card. */
export function BackToLogin() {
  return (
    <Box sx={{ mt: 3, textAlign: 'center' }}>
      <Link component={RouterLink} to="/login">
        Voltar para o login
      </Link>
    </Box>
  );
}

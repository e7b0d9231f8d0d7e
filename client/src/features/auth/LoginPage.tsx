import { Link as RouterLink, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import { Suspense, lazy, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { MSG, type LoginResponse, type TwoFactorChallenge } from '@tombo/shared';
import { errorMessage } from '../../lib/http';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { PasswordField } from '../../components/PasswordField';
import { TextInput } from '../../components/TextInput';
import { useCustomization } from '../customization';
import { AuthScreen } from './AuthScreen';
import { login } from './api';
import { FullScreenSpinner } from '../../components/FullScreenSpinner';
import { loginTarget, type LoginLocationState } from './loginTarget';

// The second step (with its code inputs and menus) is loaded only for an account with 2FA.
const TwoFactorStep = lazy(() => import('./TwoFactorStep').then((m) => ({ default: m.TwoFactorStep })));

interface LoginForm {
  email: string;
  password: string;
}
type LoginErrors = Partial<Record<keyof LoginForm, string>>;
const FIELDS = ['email', 'password'] as const;

// Two required fields checked by hand, as react-hook-form did (on submit, then as the user types): neither zod
// nor react-hook-form is on the login route (issue 16's bundle budget); the API validates the body anyway.
function check(values: LoginForm): LoginErrors {
  const errors: LoginErrors = {};
  if (!values.email.trim()) errors.email = 'Informe o e-mail.';
  if (!values.password) errors.password = 'Informe a senha.';
  return errors;
}

export default function LoginPage() {
  const c = useCustomization();
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const state = (location.state ?? {}) as LoginLocationState;
  const user = useSession((s) => s.user);
  const status = useSession((s) => s.status);
  const expiredFlag = useSession((s) => s.expired);
  const sessionExpired = params.get('sessionExpired') === '1' || !!state.sessionExpired || expiredFlag;
  const from = state.from ?? params.get('from');

  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null);
  const signedIn = (res: LoginResponse) => {
    useSession.getState().signIn(res.user, res.token, res.refreshToken);
    navigate(loginTarget(res.user.role, from), { replace: true });
  };
  const mutation = useMutation({
    mutationFn: (v: LoginForm) => login(v.email, v.password),
    onSuccess: (res) => {
      if ('twoFactor' in res) setChallenge(res);
      else signedIn(res);
    },
    onError: (err) => toast.error(errorMessage(err, MSG.loginFailed)),
  });

  const [values, setValues] = useState<LoginForm>({ email: '', password: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const inputs = { email: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };
  const field = (name: keyof LoginForm) => ({
    name,
    ref: inputs[name],
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const next = { ...values, [name]: event.target.value };
      setValues(next);
      // After the first submit a field is checked again as it changes.
      if (submitted) setErrors((prev) => ({ ...prev, [name]: check(next)[name] }));
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = check(values);
    setSubmitted(true);
    setErrors(found);
    const invalid = FIELDS.find((name) => found[name]);
    if (invalid) inputs[invalid].current?.focus();
    else mutation.mutate({ email: values.email.trim(), password: values.password });
  };

  if (status === 'authenticated' && user && !mutation.isPending && !mutation.isSuccess) {
    return <Navigate to={loginTarget(user.role, from)} replace />;
  }

  if (challenge)
    return (
      <AuthScreen>
        <Suspense fallback={<FullScreenSpinner />}>
          <TwoFactorStep challenge={challenge} onSignedIn={signedIn} onCancel={() => setChallenge(null)} />
        </Suspense>
      </AuthScreen>
    );
  return (
    <AuthScreen>
      {sessionExpired && (
        <Alert severity="warning" sx={{ mb: 2 }} role="alert">
          {MSG.auth.sessionExpired}
        </Alert>
      )}
      <Box component="form" noValidate onSubmit={submit} aria-label="Entrar no sistema">
        <TextInput
          {...field('email')}
          id="login-email"
          label="E-mail"
          type="email"
          autoComplete="username"
          fullWidth
          margin="normal"
          autoFocus
          error={!!errors.email}
          helperText={errors.email}
        />
        <PasswordField
          {...field('password')}
          id="login-password"
          label="Senha"
          autoComplete="current-password"
          fullWidth
          margin="normal"
          error={!!errors.password}
          helperText={errors.password}
        />
        <Box sx={{ textAlign: 'right', mt: 0.5 }}>
          <Link component={RouterLink} to="/esqueci-minha-senha" variant="body2">
            Esqueci minha senha
          </Link>
        </Box>
        <Button
          type="submit"
          fullWidth
          size="large"
          variant="contained"
          disabled={mutation.isPending}
          sx={{
            mt: 3,
            bgcolor: c.primaryColor,
            color: c.buttonTextColor,
            '&:hover': { bgcolor: c.primaryColor, filter: 'brightness(0.92)' },
          }}
        >
          {mutation.isPending ? 'Entrando...' : 'Entrar'}
        </Button>
      </Box>
      <Divider sx={{ my: 3 }}>ou</Divider>
      <Button component={RouterLink} to="/consulta-publica" fullWidth variant="outlined" startIcon={<SearchOutlined />}>
        Consulta Pública de Patrimônio
      </Button>
    </AuthScreen>
  );
}

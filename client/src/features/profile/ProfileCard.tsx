import { useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PhotoCameraOutlined from '@mui/icons-material/PhotoCameraOutlined';
import { MSG, SECURITY_MSG, type SessionUser } from '@tombo/shared';
import { errorMessage } from '../../lib/http';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { RoleBadge } from '../../components/RoleBadge';
import { UserAvatar } from '../../components/UserAvatar';
import { saveName, uploadAvatar } from './api';

/** The own avatar (an image, like the register's photos) and name. */
export function ProfileCard({ user }: { user: SessionUser }) {
  const [name, setName] = useState(user.name);
  const [nameError, setNameError] = useState<string | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const apply = (u: SessionUser) => useSession.getState().setUser(u);

  const rename = useMutation({
    mutationFn: () => saveName(name.trim()),
    onSuccess: (r) => {
      apply(r.user);
      toast.success(SECURITY_MSG.profileSaved, MSG.success);
    },
    onError: (err) => toast.error(errorMessage(err, MSG.http.internal)),
  });
  const avatar = useMutation({
    mutationFn: (file: File) => uploadAvatar(file),
    onSuccess: (r) => {
      apply(r.user);
      toast.success(SECURITY_MSG.avatarSaved, MSG.success);
    },
    onError: (err) => toast.error(errorMessage(err, SECURITY_MSG.avatarBad)),
  });

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <UserAvatar name={user.name} avatarUrl={user.avatarUrl} size={72} />
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h2" component="h2" sx={{ overflowWrap: 'anywhere' }}>
            {user.name}
          </Typography>
          <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {user.email}
          </Typography>
          <Box sx={{ mt: 1 }}>
            <RoleBadge role={user.role} />
          </Box>
        </Box>
      </Box>
      <input
        ref={fileRef}
        type="file"
        accept="image/*"
        hidden
        aria-label="Arquivo do avatar"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) avatar.mutate(file);
        }}
      />
      <Button
        startIcon={<PhotoCameraOutlined />}
        sx={{ mt: 2 }}
        onClick={() => fileRef.current?.click()}
        disabled={avatar.isPending}
      >
        {avatar.isPending ? 'Enviando...' : 'Alterar foto'}
      </Button>
      {user.municipalityName && (
        <Typography sx={{ mt: 2 }}>
          <Box component="span" sx={{ color: 'text.secondary' }}>
            Município:{' '}
          </Box>
          {user.municipalityName}
        </Typography>
      )}
      <Box
        component="form"
        noValidate
        aria-label="Nome"
        sx={{ mt: 2 }}
        onSubmit={(e) => {
          e.preventDefault();
          if (!name.trim()) return setNameError(SECURITY_MSG.nameRequired);
          setNameError(null);
          rename.mutate();
        }}
      >
        <TextField
          id="profile-name"
          label="Nome"
          value={name}
          onChange={(e) => setName(e.target.value)}
          fullWidth
          margin="normal"
          error={!!nameError}
          helperText={nameError}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        <Button type="submit" variant="outlined" disabled={rename.isPending || name.trim() === user.name}>
          {rename.isPending ? 'Salvando...' : 'Salvar nome'}
        </Button>
      </Box>
    </Paper>
  );
}

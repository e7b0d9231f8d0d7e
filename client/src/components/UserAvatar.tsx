import Avatar from '@mui/material/Avatar';
import { initials } from '../lib/format';
import { resolveImageUrl } from '../lib/images';

interface Props {
  name: string;
  avatarUrl?: string | null;
  size?: number;
}

/** The image is ignored when avatarUrl is empty or contains 'placeholder'; initials are the fallback. */
export function UserAvatar({ name, avatarUrl, size = 36 }: Props) {
  const usable = !!avatarUrl && avatarUrl.trim() !== '' && !avatarUrl.includes('placeholder');
  return (
    <Avatar
      src={usable ? resolveImageUrl(avatarUrl) : undefined}
      alt={name}
      sx={{ width: size, height: size, fontSize: size * 0.4, bgcolor: 'primary.main', color: 'primary.contrastText' }}
    >
      {initials(name)}
    </Avatar>
  );
}
